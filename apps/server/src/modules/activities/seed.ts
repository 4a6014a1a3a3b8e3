import type { TaskKind } from '@ld/contract/activities';
import type { Deps } from '../../platform/deps.ts';
import { bannerWebp } from './seed-banners.ts';
import { createActivity } from './service.ts';

const DAY = 86_400_000;

interface DemoActivity {
  title: string;
  summary: string;
  /** Days from the seed's now. */
  startDay: number;
  endDay: number;
  rules: string;
  tasks: Array<[kind: TaskKind, title: string, target: number, reward: number]>;
}

const rules = (items: string[], note: string) =>
  `<p>活动期间完成下列任务即可领取钻石奖励，奖励将记入钻石明细。</p><ol>${items
    .map((i) => `<li>${i}</li>`)
    .join('')}</ol><p><strong>说明：</strong>${note}</p>`;

/** Demo activities (DESIGN §11, §14): three ongoing, one upcoming, one ended, tasks of every kind. */
export const DEMO_ACTIVITIES: DemoActivity[] = [
  {
    title: '七日签到好礼',
    summary: '连续签到，天天有钻石',
    startDay: -2,
    endDay: 12,
    rules: rules(
      ['活动期间签到满 3 天，领取 30 钻石', '签到满 7 天，再领 100 钻石', '阅读任意 3 章小说，领取 20 钻石'],
      '补签的日期同样计入签到天数；每个任务只能领取一次。',
    ),
    tasks: [
      ['checkin', '签到3天', 3, 30],
      ['checkin', '签到7天', 7, 100],
      ['read', '阅读3章', 3, 20],
    ],
  },
  {
    title: '书香阅读周',
    summary: '读好书、发动态，赢阅读奖励',
    startDay: -1,
    endDay: 6,
    rules: rules(
      ['阅读 3 章，领取 20 钻石', '阅读 10 章，领取 60 钻石', '在广场发布 1 条动态，领取 15 钻石'],
      '同一章节多次阅读只计一次；删除的动态不计入。',
    ),
    tasks: [
      ['read', '阅读3章', 3, 20],
      ['read', '阅读10章', 10, 60],
      ['post', '发布1条动态', 1, 15],
    ],
  },
  {
    title: '充值邀友双重礼',
    summary: '首充与邀请好友都有奖',
    startDay: -3,
    endDay: 27,
    rules: rules(
      [
        '活动期间完成 1 次充值，额外领取 50 钻石',
        '邀请 1 位好友注册，领取 50 钻石',
        '邀请 3 位好友注册，领取 200 钻石',
        '在广场发布 3 条动态，领取 40 钻石',
      ],
      '充值以到账为准；邀请以好友注册成功并发放邀请奖励为准。',
    ),
    tasks: [
      ['recharge', '充值1次', 1, 50],
      ['invite', '邀请1位好友', 1, 50],
      ['invite', '邀请3位好友', 3, 200],
      ['post', '发布3条动态', 3, 40],
    ],
  },
  {
    title: '年终狂欢季',
    summary: '即将开启，敬请关注',
    startDay: 5,
    endDay: 19,
    rules: rules(
      ['活动期间签到满 5 天，领取 60 钻石', '完成 2 次充值，领取 120 钻石', '阅读 20 章，领取 80 钻石'],
      '活动开始后方可领取奖励。',
    ),
    tasks: [
      ['checkin', '签到5天', 5, 60],
      ['recharge', '充值2次', 2, 120],
      ['read', '阅读20章', 20, 80],
    ],
  },
  {
    title: '金秋回馈周',
    summary: '已结束，感谢参与',
    startDay: -40,
    endDay: -33,
    rules: rules(
      ['签到满 7 天，领取 100 钻石', '发布 2 条动态，领取 30 钻石'],
      '活动已结束，未领取的奖励不再发放。',
    ),
    tasks: [
      ['checkin', '签到7天', 7, 100],
      ['post', '发布2条动态', 2, 30],
    ],
  },
];

export async function seedActivities(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const banners = await Promise.all(
    DEMO_ACTIVITIES.map(async (_a, i) =>
      deps.storage.put(`activities/${i + 1}/banner.webp`, await bannerWebp(i)),
    ),
  );
  for (const [i, a] of DEMO_ACTIVITIES.entries()) {
    await createActivity(
      deps.db.kysely,
      {
        title: a.title,
        summary: a.summary,
        banner: banners[i],
        rulesHtml: a.rules,
        startAt: now + a.startDay * DAY,
        endAt: now + a.endDay * DAY,
        tasks: a.tasks.map(([kind, title, target, reward]) => ({ kind, title, target, reward })),
      },
      now,
    );
  }
}
