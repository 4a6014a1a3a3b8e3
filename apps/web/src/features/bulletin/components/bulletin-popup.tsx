import type { Bulletin } from '@ld/contract/messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAccountStore } from '../../../shared/stores/account';
import { getBulletin } from '../api/get-bulletin';
import { hideBulletinToday, shouldFetchBulletin } from '../lib/hide-today';

// The dialog (with DOMPurify) loads only when there is a bulletin to show, keeping the first load small.
const BulletinDialog = lazy(() => import('./bulletin-dialog'));

/**
 * Runs `run` once the page has loaded and the browser is idle, so the popup opens over a painted
 * page instead of being its first large paint (docs/decisions/0029-first-frame.md).
 */
function afterContentPainted(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: 2000 });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Hidden until a bulletin is fetched, shown once, hidden on close (spec §4). Fetched at start-up
 * only, under the uid of that moment: logging in later does not pop it up over the welcome.
 */
export function BulletinPopup() {
  const [uid] = useState(() => useAccountStore.getState().account.uid);
  const [bulletin, setBulletin] = useState<Bulletin | null>(null);

  useEffect(() => {
    if (!shouldFetchBulletin(uid)) return;
    let alive = true;
    const cancel = afterContentPainted(() => {
      getBulletin()
        .then((b) => {
          if (alive && b) setBulletin(b);
        })
        .catch(() => undefined);
    });
    return () => {
      alive = false;
      cancel();
    };
  }, [uid]);

  if (!bulletin) return null;
  return (
    <Suspense fallback={null}>
      <BulletinDialog
        bulletin={bulletin}
        onClose={(hideToday) => {
          if (hideToday) hideBulletinToday(uid);
          setBulletin(null);
        }}
      />
    </Suspense>
  );
}
