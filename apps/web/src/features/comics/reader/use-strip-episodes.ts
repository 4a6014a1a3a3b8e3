import type { Episode } from '@ld/contract/comics';
import type { UnitLocked } from '@ld/contract/content';
import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isNotFound } from '../../../shared/http/client';
import { useAccountStore } from '../../../shared/stores/account';
import { type EpisodeResult, episodeQuery } from '../api/get-episode';
import { comicKeys } from '../api/keys';
import { type EpisodeLayout, layoutEpisode, type StripEntry } from '../lib/strip';

/**
 * A guest's open answer for the episode, which the server rendered the page with: it stands in
 * while the account's own is asked after hydration (same panels), so the pictures do not give way
 * to a loading state and back. A guest's lock stands in for nothing (the account may own it).
 */
function guestOpenAnswer(queryClient: QueryClient, workId: number, eid: number): EpisodeResult | undefined {
  const answer = queryClient.getQueryData<EpisodeResult>(comicKeys.episode('', workId, eid));
  return answer?.state === 'open' ? answer : undefined;
}

/**
 * The episodes in the strip, in reading order: the one opened by address, those that joined below
 * (`append`) and above (`prepend`) while reading; each one's answer (open, locked, loading, failed)
 * and, once the column's `width` is known, its panels' layout.
 */
export function useStripEpisodes(workId: number, startId: number, width: number) {
  const uid = useAccountStore((s) => s.account.uid);
  const [ids, setIds] = useState<number[]>([startId]);
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: ids.map((id) => ({
      ...episodeQuery(uid, workId, id),
      placeholderData: uid === '' ? undefined : () => guestOpenAnswer(queryClient, workId, id),
    })),
  });

  const episodes = new Map<number, Episode>();
  const locks = new Map<number, UnitLocked>();
  const entries: StripEntry[] = ids.map((id, i) => {
    const r = results[i];
    if (!r || r.isPending) return { id, state: 'loading' };
    if (r.isError) return { id, state: isNotFound(r.error) ? 'missing' : 'error' };
    if (r.data.state === 'locked') {
      locks.set(id, r.data.locked);
      return { id, state: 'locked' };
    }
    episodes.set(id, r.data.episode);
    return { id, state: 'open', nextId: r.data.episode.nextId, prevId: r.data.episode.prevId };
  });
  const layouts = new Map<number, EpisodeLayout>();
  for (const [id, ep] of episodes) layouts.set(id, layoutEpisode(ep.panels, width));

  const append = useCallback(
    (id: number) => setIds((list) => (list.includes(id) ? list : [...list, id])),
    [],
  );
  const prepend = useCallback(
    (id: number) => setIds((list) => (list.includes(id) ? list : [id, ...list])),
    [],
  );
  const retry = (i: number) => void results[i]?.refetch();

  return { ids, entries, episodes, locks, layouts, append, prepend, retry };
}

export type StripEpisodes = ReturnType<typeof useStripEpisodes>;
