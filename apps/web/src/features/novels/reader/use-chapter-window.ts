import type { Unit, UnitPage } from '@ld/contract/content';
import { useQueries } from '@tanstack/react-query';
import { useRef } from 'react';
import { http } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { readerKeys } from '../api/get-chapter';

/** Chapters per request of the drawer: a 3,000-chapter book loads only the pages around the rows shown. */
export const UNIT_PAGE = 100;

/** GET /v1/novel/{id}/chapters from a chapter index (1-based), ascending. */
export const getUnitPage = (workId: number, page: number) =>
  http.get<UnitPage>(`/v1/novel/${workId}/chapters`, {
    order: 'asc',
    from: page * UNIT_PAGE + 1,
    pageSize: UNIT_PAGE,
  });

/** The page (0-based, of UNIT_PAGE chapters) that holds chapter `index` (1-based). */
export const pageOfIndex = (index: number) => Math.max(0, Math.floor((index - 1) / UNIT_PAGE));

/**
 * The chapters of rows `first`..`last` (0-based row numbers, row n is chapter index n + 1), by
 * loading only the pages they fall in. `total` is known once any page has arrived.
 */
export function useChapterWindow(workId: number, first: number, last: number, enabled: boolean) {
  const uid = useAccountStore((s) => s.account.uid);
  const pages: number[] = [];
  for (let p = pageOfIndex(first + 1); p <= pageOfIndex(last + 1); p++) pages.push(p);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...readerKeys.units(workId, uid), page],
      queryFn: () => getUnitPage(workId, page),
      enabled,
      staleTime: 60_000,
    })),
  });
  const rows = new Map<number, Unit>();
  // Kept while the pages of a new window load: the list must not shrink under the scroll.
  const known = useRef<number | null>(null);
  let total: number | null = known.current;
  let isError = false;
  results.forEach((r) => {
    if (r.data) {
      total = r.data.total;
      known.current = total;
      for (const unit of r.data.records) rows.set(unit.index - 1, unit);
    }
    if (r.isError) isError = true;
  });
  const retry = () => {
    for (const r of results) if (r.isError) void r.refetch();
  };
  return { rows, total: total as number | null, isError, retry };
}
