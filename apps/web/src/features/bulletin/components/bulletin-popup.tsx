import type { Bulletin } from '@ld/contract/messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAccountStore } from '../../../shared/stores/account';
import { getBulletin } from '../api/get-bulletin';
import { hideBulletinToday, shouldFetchBulletin } from '../lib/hide-today';

// The dialog (with DOMPurify) loads only when there is a bulletin to show, keeping the first load small.
const BulletinDialog = lazy(() => import('./bulletin-dialog'));

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
    getBulletin()
      .then((b) => {
        if (alive && b) setBulletin(b);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
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
