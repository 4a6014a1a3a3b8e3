import type { HistoryEntry, Progress, Unit, UnitPage, Work, WorkDetail } from '@ld/contract/content';
import type { FakeRequest } from '../../../testing/fake-server';
import type { SubscriptionEntry } from './shelf';

// Test data for the novels pages (imported by tests only).

export const hoursAgo = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();

export const CATEGORIES = [
  { id: 1, name: '玄幻' },
  { id: 2, name: '都市' },
];

export const work = (over: Partial<Work> = {}): Work => ({
  id: 1,
  kind: 'novel',
  title: '万古星河',
  author: '青衫客',
  cover: '/covers/1.webp',
  category: CATEGORIES[0],
  tags: ['热血', '升级'],
  status: 0,
  unitCount: 3000,
  latestUnit: { id: 3000, index: 3000, title: '第3000章 问道', updateTime: hoursAgo(2) },
  viewCount: 10,
  ...over,
});

export const progress = (over: Partial<Progress> = {}): Progress => ({
  kind: 'novel',
  workId: 1,
  unitId: 1500,
  unitIndex: 1500,
  unitTitle: '第1500章 旧约',
  position: { paragraph: 3, offset: 0 },
  clientTime: Date.now() - 60_000,
  percent: 49,
  readTime: hoursAgo(1),
  ...over,
});

export const detail = (over: Partial<WorkDetail> = {}): WorkDetail => ({
  ...work(),
  intro:
    '少年自边陲小城出发，一剑一人，走过万古星河。宗门、秘境、天劫、旧约，三千章写尽一条问道之路。他曾在雪夜里独行三百里，只为见一面从未谋面的师父；他也曾在宗门大比上被人讥笑，转身便是十年苦修。',
  wordCount: 12_345_678,
  subscribed: false,
  progress: null,
  ...over,
});

/** Chapter `index` of a book: 5 free, then VIP, with every 7th priced at 12 (members pay too). */
export function chapter(index: number, readUpTo = 0, unlocked: number[] = []): Unit {
  const free = index <= 5;
  const priced = !free && index % 7 === 0;
  return {
    id: index,
    index,
    title: `第${index}章 标题${index}`,
    price: free ? 0 : priced ? 12 : 10,
    vip: !free && !priced,
    unlocked: free || unlocked.includes(index),
    read: index <= readUpTo,
  };
}

/** Answers GET chapters as the server does: `from` (inclusive, in `order`), `pageSize`, keyset. */
export function chaptersOf(total: number, readUpTo = 0, unlocked: number[] = []) {
  return ({ query }: FakeRequest): UnitPage => {
    const order = query.get('order') ?? 'asc';
    const size = Number(query.get('pageSize') ?? 100);
    const from = Number(query.get('from') ?? (order === 'asc' ? 1 : total));
    const records: Unit[] = [];
    for (let k = 0; k < size; k++) {
      const index = order === 'asc' ? from + k : from - k;
      if (index < 1 || index > total) break;
      records.push(chapter(index, readUpTo, unlocked));
    }
    const last = records.at(-1)?.index;
    const more = last !== undefined && (order === 'asc' ? last < total : last > 1);
    return { records, total, nextCursor: more ? `c${last}` : null };
  };
}

export const historyEntry = (over: Partial<Work> = {}, p: Partial<Progress> = {}): HistoryEntry => ({
  ...work(over),
  progress: progress({ workId: over.id ?? 1, ...p }),
});

export const subscription = (over: Partial<SubscriptionEntry> = {}): SubscriptionEntry => ({
  ...work(),
  newUnits: 0,
  progress: null,
  subscribeTime: hoursAgo(30),
  ...over,
});
