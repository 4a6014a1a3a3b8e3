import { afterEach, describe, expect, it } from 'vitest';
import {
  isToday,
  markShown,
  PopupQueue,
  popupShownKey,
  type Shown,
  STARTUP_POPUP_ORDER,
  shownToday,
} from './popup-queue';

/** A queue over the start-up order that records every dialog it opens (null: none open). */
function recorder() {
  const seen: Array<string | null> = [];
  const queue = new PopupQueue<string>(STARTUP_POPUP_ORDER, (s: Shown<string> | null) =>
    seen.push(s ? `${s.kind}:${s.payload}` : null),
  );
  return { queue, seen };
}

describe('the start-up popup queue', () => {
  afterEach(() => localStorage.clear());

  it('opens one dialog at a time and the next only when it is closed', () => {
    const { queue, seen } = recorder();
    queue.offer('bulletin', '公告');
    queue.offer('checkin', '签到');
    queue.offer('activity', '活动');
    expect(seen).toEqual(['bulletin:公告']);
    expect(queue.current?.kind).toBe('bulletin');
    queue.close();
    expect(seen).toEqual(['bulletin:公告', null, 'checkin:签到']);
    queue.close();
    queue.close();
    expect(seen).toEqual(['bulletin:公告', null, 'checkin:签到', null, 'activity:活动', null]);
    expect(queue.current).toBeNull();
    // Nothing is left: another close opens nothing.
    queue.close();
    expect(seen).toHaveLength(6);
  });

  it('keeps the order whatever order the answers arrive in: the bulletin first', () => {
    const { queue, seen } = recorder();
    queue.offer('activity', '活动');
    queue.offer('checkin', '签到');
    // The bulletin has not answered yet: nothing opens ahead of it.
    expect(seen).toEqual([]);
    queue.offer('bulletin', '公告');
    expect(seen).toEqual(['bulletin:公告']);
  });

  it('skips kinds with nothing to show, and waits for a slow earlier kind', () => {
    const { queue, seen } = recorder();
    queue.offer('bulletin', null);
    queue.offer('activity', '活动');
    expect(seen).toEqual([]);
    queue.offer('checkin', null);
    expect(seen).toEqual(['activity:活动']);
  });

  it('takes each kind once: a second offer of the same kind changes nothing', () => {
    const { queue, seen } = recorder();
    queue.offer('bulletin', '公告');
    queue.close();
    queue.offer('bulletin', '又一条公告');
    queue.offer('checkin', null);
    queue.offer('activity', null);
    expect(seen).toEqual(['bulletin:公告', null]);
  });

  it('counts a kind as shown for the rest of the Asia/Shanghai day, per user', () => {
    // 2026-11-22 23:30 in Shanghai is 15:30 UTC; the next Shanghai day starts at 16:00 UTC.
    const lateEvening = Date.parse('2026-11-22T15:30:00Z');
    const nextMorning = Date.parse('2026-11-22T16:00:00Z');
    expect(shownToday('42', 'checkin', lateEvening)).toBe(false);
    markShown('42', 'checkin', lateEvening);
    expect(localStorage.getItem(popupShownKey('42', 'checkin'))).toBe(String(lateEvening));
    expect(shownToday('42', 'checkin', lateEvening + 60_000)).toBe(true);
    expect(shownToday('42', 'checkin', nextMorning)).toBe(false);
    // Another kind, another user (or the guest, uid ''), are counted apart.
    expect(shownToday('42', 'activity', lateEvening)).toBe(false);
    expect(shownToday('', 'checkin', lateEvening)).toBe(false);
  });

  it('reads a missing, malformed or future-day mark as not shown', () => {
    const now = Date.parse('2026-11-22T04:00:00Z');
    expect(isToday(null, now)).toBe(false);
    expect(isToday('yesterday', now)).toBe(false);
    expect(isToday(String(now + 86_400_000), now)).toBe(false);
    expect(isToday(String(now), now)).toBe(true);
  });
});
