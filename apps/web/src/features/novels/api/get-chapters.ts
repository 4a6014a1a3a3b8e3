import type { UnitPage } from '@ld/contract/content';
import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { offlineReadable } from '../lib/offline-query';
import { novelKeys } from './keys';

export type ChapterOrder = 'asc' | 'desc';

/** Chapters per block: the menu loads the blocks its window of rows touches (docs/decisions/0030). */
export const CHAPTER_BLOCK = 100;

/** The chapter index the first row of `block` shows (indexes run 1…total). */
export const blockStart = (block: number, order: ChapterOrder, total: number): number =>
  order === 'asc' ? block * CHAPTER_BLOCK + 1 : total - block * CHAPTER_BLOCK;

/** GET /api/v1/novel/{id}/chapters: `pageSize` chapters from index `from` on, in `order` (keyset). */
export const getChapters = (id: number, order: ChapterOrder, from: number, pageSize = CHAPTER_BLOCK) =>
  http.get<UnitPage>(`/v1/novel/${id}/chapters`, { order, from, pageSize });

export const chapterBlockQuery = (
  uid: string,
  id: number,
  order: ChapterOrder,
  block: number,
  total: number,
) =>
  queryOptions({
    queryKey: novelKeys.chapterBlock(uid, id, order, total, block),
    queryFn: () => getChapters(id, order, blockStart(block, order, total)),
    staleTime: 60_000,
    ...offlineReadable,
  });

/**
 * The blocks of the menu the window shows (each a keyset page of CHAPTER_BLOCK chapters). A
 * logged-in reader sees the guest's copy of a block the server rendered the page with (no 已读 or
 * 已解锁 marks) until their own comes, as `useNovel`'s `guestCopyMeanwhile`: hydration meets the
 * same rows.
 */
export function useChapterBlocks(id: number, order: ChapterOrder, blocks: number[], total: number) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  return useQueries({
    queries: blocks.map((block) => ({
      ...chapterBlockQuery(uid, id, order, block, total),
      enabled: total > 0,
      placeholderData: uid
        ? () => queryClient.getQueryData(chapterBlockQuery('', id, order, block, total).queryKey)
        : undefined,
    })),
  });
}

/** The first chapter (for 开始阅读): the first block in order, shared with the menu's cache. */
export function useFirstChapters(id: number, total: number) {
  const uid = useAccountStore((s) => s.account.uid);
  return useQuery({ ...chapterBlockQuery(uid, id, 'asc', 0, total), enabled: id > 0 && total > 0 });
}
