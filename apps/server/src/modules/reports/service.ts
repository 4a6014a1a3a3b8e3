import {
  CHANNEL_FIGURES,
  type ChannelFigures,
  type ChannelReport,
  type ChannelReportQuery,
  type ChannelReportRow,
} from '@ld/contract/admin/reports';
import { type DayCount, dayRange, dayText } from '../../db/day-buckets.ts';
import type { Deps } from '../../platform/deps.ts';
import { countDeviceInits, countDownloadPageVisits, countRegistrations } from '../devices/public.ts';
import { countDownloads } from '../games/public.ts';
import { countVipOpens } from '../vip/public.ts';
import { countOrdersCreated, countOrdersPaid } from '../wallet/public.ts';

// 渠道报表 (issue 20 §5, decision 0062): each figure is counted by the module that owns its rows,
// per Shanghai day, channel and invite code, in SQL; this module only adds them up. It owns no table.

const zero = (): ChannelFigures => ({
  deviceInits: 0,
  downloadVisits: 0,
  registrations: 0,
  gameDownloads: 0,
  rechargeOrders: 0,
  paidOrders: 0,
  paidAmount: 0,
  vipOpens: 0,
});

const add = (into: ChannelFigures, from: ChannelFigures) => {
  for (const f of CHANNEL_FIGURES) into[f] += from[f];
};

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const first = Date.parse(`${from}T00:00:00Z`) / 86_400_000;
  const last = Date.parse(`${to}T00:00:00Z`) / 86_400_000;
  for (let d = first; d <= last; d++) days.push(dayText(d));
  return days;
}

export async function channelReport(deps: Deps, q: ChannelReportQuery): Promise<ChannelReport> {
  const db = deps.db.kysely;
  const filter = { ...dayRange(q.from, q.to), channelId: q.channelId, inviteCode: q.inviteCode };
  const sources: Array<[DayCount[], (figures: ChannelFigures, c: DayCount) => void]> = [
    [await countDeviceInits(db, filter), (s, c) => (s.deviceInits += c.count)],
    [await countDownloadPageVisits(db, filter), (s, c) => (s.downloadVisits += c.count)],
    [await countRegistrations(db, filter), (s, c) => (s.registrations += c.count)],
    [await countDownloads(db, filter), (s, c) => (s.gameDownloads += c.count)],
    [await countOrdersCreated(db, filter), (s, c) => (s.rechargeOrders += c.count)],
    [
      await countOrdersPaid(db, filter),
      (s, c) => {
        s.paidOrders += c.count;
        s.paidAmount += c.sum ?? 0;
      },
    ],
    [await countVipOpens(db, filter), (s, c) => (s.vipOpens += c.count)],
  ];

  const rows = new Map<string, ChannelReportRow>();
  for (const [counts, apply] of sources) {
    for (const c of counts) {
      const key = JSON.stringify([c.day, c.channelId, c.inviteCode]);
      let row = rows.get(key);
      if (!row) {
        row = { day: c.day, channelId: c.channelId, inviteCode: c.inviteCode, ...zero() };
        rows.set(key, row);
      }
      apply(row, c);
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.channelId.localeCompare(b.channelId) ||
      a.inviteCode.localeCompare(b.inviteCode),
  );

  const byDay = new Map(daysOf(q.from, q.to).map((day) => [day, { day, ...zero() }]));
  const byChannel = new Map<string, ChannelFigures & { channelId: string }>();
  const totals = zero();
  for (const row of sorted) {
    const day = byDay.get(row.day);
    if (day) add(day, row);
    let channel = byChannel.get(row.channelId);
    if (!channel) {
      channel = { channelId: row.channelId, ...zero() };
      byChannel.set(row.channelId, channel);
    }
    add(channel, row);
    add(totals, row);
  }
  return {
    from: q.from,
    to: q.to,
    rows: sorted,
    byDay: [...byDay.values()],
    byChannel: [...byChannel.values()].sort(
      (a, b) => b.registrations - a.registrations || a.channelId.localeCompare(b.channelId),
    ),
    totals,
  };
}
