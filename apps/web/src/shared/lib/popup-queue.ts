import { startOfShanghaiDay } from '@ld/contract/relative-time';
import { local } from './local';

// The one queue of start-up popups (DESIGN §14, issue 10 §5; docs/decisions/0042-home-and-popup-queue.md):
// at most one dialog at a time, each kind at most once a day, in a fixed order whatever order
// their data arrives in.

export type StartupPopupKind = 'bulletin' | 'checkin' | 'activity';
/** The bulletin first (spec §4), then the check-in reminder, then an activity. */
export const STARTUP_POPUP_ORDER: readonly StartupPopupKind[] = ['bulletin', 'checkin', 'activity'];

const DAY_MS = 86_400_000;
/** Per user, like the bulletin's `{uid}:not-show` (spec §3); a guest's uid is empty. */
export const popupShownKey = (uid: string, kind: StartupPopupKind): string => `${uid}:popup:${kind}`;

/** Whether a stored epoch-ms timestamp falls within today (the Asia/Shanghai calendar day of `now`). */
export function isToday(stored: string | null, now: number): boolean {
  if (!stored || !/^\d{10,16}$/.test(stored)) return false;
  const at = Number(stored);
  const today = startOfShanghaiDay(now);
  return at >= today && at < today + DAY_MS;
}

export const shownToday = (uid: string, kind: StartupPopupKind, now = Date.now()): boolean =>
  isToday(local.get(popupShownKey(uid, kind)), now);
export const markShown = (uid: string, kind: StartupPopupKind, now = Date.now()): void =>
  local.set(popupShownKey(uid, kind), String(now));

export interface Shown<P> {
  kind: StartupPopupKind;
  payload: P;
}

/**
 * Decides which popup is open. Each kind is `offer`ed once, with what to show or null (nothing
 * to show, already shown today, a failed request). A kind opens only when every kind before it
 * in the order has been offered and closed or skipped, so a fast answer never jumps the queue;
 * `close` opens the next. `onShow` hears every change (null when nothing is open).
 */
export class PopupQueue<P> {
  private readonly offers = new Map<StartupPopupKind, P | null>();
  private readonly done = new Set<StartupPopupKind>();
  private open: Shown<P> | null = null;

  constructor(
    private readonly order: readonly StartupPopupKind[],
    private readonly onShow: (shown: Shown<P> | null) => void,
  ) {}

  get current(): Shown<P> | null {
    return this.open;
  }

  offer(kind: StartupPopupKind, payload: P | null): void {
    if (this.offers.has(kind)) return;
    this.offers.set(kind, payload);
    this.advance();
  }

  /** The open popup was closed: the next one in the order may open. */
  close(): void {
    if (!this.open) return;
    this.done.add(this.open.kind);
    this.open = null;
    this.onShow(null);
    this.advance();
  }

  private advance(): void {
    if (this.open) return;
    for (const kind of this.order) {
      if (this.done.has(kind)) continue;
      if (!this.offers.has(kind)) return;
      const payload = this.offers.get(kind) ?? null;
      if (payload === null) {
        this.done.add(kind);
        continue;
      }
      this.open = { kind, payload };
      this.onShow(this.open);
      return;
    }
  }
}

/**
 * Runs `run` once the page has loaded and the browser is idle, so a popup opens over a painted
 * page instead of being its first large paint (docs/decisions/0050-one-rendering-path.md).
 */
export function afterContentPainted(run: () => void): () => void {
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
