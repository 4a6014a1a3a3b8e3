import type { WorkKind, WorkView } from '@ld/contract/content';
import { useEffect, useRef } from 'react';
import { http } from '../http/client';
import { useAccountStore } from '../stores/account';
import { getDeviceId } from '../stores/device';

/**
 * POST /api/v1/{kind}/{id}/view: a work page's view (docs/decisions/0046-video-views-apart.md).
 * The detail only reads, so the server can answer it inside the page's HTML and the client can
 * refetch it; the view is counted here, once per viewer and day by the server. A guest sends the
 * device id, so their view counts once per device and day; a logged-in user only the session
 * headers. Quiet: a view that could not be counted is nothing the viewer can act on.
 */
export const countView = (kind: WorkKind, id: number, guest: boolean) =>
  http.post<WorkView>(
    `/v1/${kind}/${id}/view`,
    guest ? { deviceId: getDeviceId() ?? undefined } : undefined,
    { quiet: true },
  );

/**
 * Counts a work page's view of work `id` once the page shows it (`shown`: its detail is there, so
 * a missing work asks nothing): one call per work per mounted page, whether the detail came with
 * the HTML or from the network. A re-render, a refetch, logging in on the page or moving on inside
 * the work (the next chapter) asks nothing more; another work shown by the same page (下一个)
 * counts that one. `onCounted` gets the answer (the count with this view), e.g. to show it.
 */
export function useCountView(
  kind: WorkKind,
  id: number,
  shown: boolean,
  onCounted?: (view: WorkView, uid: string) => void,
): void {
  const uid = useAccountStore((s) => s.account.uid);
  const counted = useRef(new Set<string>());
  // The latest callback, so a new function each render does not count again.
  const latest = useRef(onCounted);
  useEffect(() => {
    latest.current = onCounted;
  });
  useEffect(() => {
    const work = `${kind}/${id}`;
    if (!shown || counted.current.has(work)) return;
    // Asked in a task of its own: on a page the server rendered this effect runs in the task that
    // commits the hydrated page, which a slow phone would otherwise spend longer on in one go.
    const timer = setTimeout(() => {
      counted.current.add(work);
      countView(kind, id, uid === '')
        .then((view) => latest.current?.(view, uid))
        .catch(() => {});
    }, 0);
    return () => clearTimeout(timer);
  }, [kind, id, shown, uid]);
}
