import type { ActivitySummary } from '@ld/contract/activities';
import type { CheckinStatus } from '@ld/contract/checkin';
import type { Bulletin } from '@ld/contract/messages';
import { Suspense, useEffect, useRef, useState } from 'react';
import { getBulletin } from '../features/bulletin/api/get-bulletin';
import { openBootBulletin } from '../features/bulletin/lib/boot-bulletin';
import { hideBulletinToday, shouldFetchBulletin } from '../features/bulletin/lib/hide-today';
import { getCheckinStatus, getOngoingActivity } from '../features/home/api/startup-popups';
import {
  afterContentPainted,
  markShown,
  PopupQueue,
  type Shown,
  STARTUP_POPUP_ORDER,
  type StartupPopupKind,
  shownToday,
} from '../shared/lib/popup-queue';
import type { StartupPopupViews } from './startup-popup-views';

/** The server's bulletin is open on the page (features/bulletin/lib/boot-bulletin.ts): nothing to render. */
const ON_PAGE = { onPage: true } as const;
type Payload = Bulletin | CheckinStatus | ActivitySummary | typeof ON_PAGE;

/** What each kind would show for this uid (null: nothing to show). */
const SOURCES: Record<StartupPopupKind, (uid: string) => Promise<Payload | null>> = {
  bulletin: () => getBulletin(),
  // Only a logged-in user who has not checked in today is reminded.
  checkin: async (uid) => {
    if (!uid) return null;
    const state = await getCheckinStatus();
    return state.today ? null : state;
  },
  activity: () => getOngoingActivity(),
};

/**
 * The start-up popups (bulletin, check-in reminder, an ongoing activity) through one queue
 * (shared/lib/popup-queue.ts): asked once the page has painted, under the uid of that moment,
 * shown one at a time in order, each kind at most once a day. 今日不再提示 on the bulletin
 * (spec §4) asks for a quiet day: nothing pops up at start-up until tomorrow.
 *
 * The bulletin may already be open when the queue starts: the server's, opened with the page's
 * first paint (features/bulletin/components/boot-bulletin.tsx, 0044 addendum "the bulletin in the
 * HTML"). It stands for this start-up's bulletin, and the next popup waits for it to close.
 *
 * `uid` is the account of the moment the root mounted. The root loads this module (in the dialog
 * chunk, beside the bulletin) only when the day is not a quiet one, and while the server's
 * bulletin is open only at the visitor's first input or its close: see app/layouts/root-layout.tsx.
 */
export default function StartupPopups({ uid, views }: { uid: string; views: StartupPopupViews }) {
  const [shown, setShown] = useState<Shown<Payload> | null>(null);
  const queue = useRef<PopupQueue<Payload> | null>(null);

  useEffect(() => {
    if (!shouldFetchBulletin(uid)) return;
    const q = new PopupQueue<Payload>(STARTUP_POPUP_ORDER, (next) => {
      if (next) markShown(uid, next.kind);
      setShown(next);
    });
    queue.current = q;
    let alive = true;
    let stopWatching = () => {};
    const cancel = afterContentPainted(() => {
      // The server's bulletin, still open: it is this start-up's bulletin, and the next popup
      // waits for it to close.
      const onPage = openBootBulletin();
      if (onPage) {
        const closed = () => q.close();
        onPage.addEventListener('close', closed, { once: true });
        stopWatching = () => onPage.removeEventListener('close', closed);
        q.offer('bulletin', ON_PAGE);
      }
      for (const kind of STARTUP_POPUP_ORDER) {
        if (shownToday(uid, kind)) {
          q.offer(kind, null);
          continue;
        }
        SOURCES[kind](uid).then(
          (payload) => alive && q.offer(kind, payload),
          () => alive && q.offer(kind, null),
        );
      }
    });
    return () => {
      alive = false;
      cancel();
      stopWatching();
    };
  }, [uid]);

  if (!shown) return null;
  const close = () => queue.current?.close();
  const { bulletin: BulletinDialog, checkin: CheckinReminder, activity: ActivityPopup } = views;
  return (
    <Suspense fallback={null}>
      {shown.kind === 'bulletin' && shown.payload !== ON_PAGE && (
        <BulletinDialog
          bulletin={shown.payload as Bulletin}
          onClose={(hideToday) => {
            if (hideToday) hideBulletinToday(uid);
            close();
          }}
        />
      )}
      {shown.kind === 'checkin' && <CheckinReminder state={shown.payload as CheckinStatus} onClose={close} />}
      {shown.kind === 'activity' && (
        <ActivityPopup activity={shown.payload as ActivitySummary} onClose={close} />
      )}
    </Suspense>
  );
}
