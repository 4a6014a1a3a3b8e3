import { randomBytes } from 'node:crypto';
import type { Deps } from '../../platform/deps.ts';
import { DEMO_LOGIN_NAME, findUserIdByLoginName, oldestUserIds } from '../accounts/public.ts';
import { FIRST_GAME_APP_ID, gameIdOfAppId } from '../games/public.ts';
import { insertCodes, insertPack } from './repository.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Letters and digits that cannot be mistaken for each other when typed into a game.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCodes(count: number, prefix: string): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = randomBytes(10);
    codes.add(prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join(''));
  }
  return [...codes];
}

type Window = 'open' | 'expired' | 'upcoming' | 'soldOut';
interface SeedPack {
  /** Index into the demo catalogue (games seed). */
  game: number;
  title: string;
  content: string;
  codes: number;
  window: Window;
  /** The demo account already holds a code of this pack (奖励礼包 is not empty on first look). */
  demoClaimed?: boolean;
}

const PACKS: SeedPack[] = [
  {
    game: 0,
    title: '新手启航礼包',
    content: '星钻×200，高级船员招募券×2，曲率引擎碎片×10',
    codes: 200,
    window: 'open',
    demoClaimed: true,
  },
  {
    game: 0,
    title: '公测纪念礼包',
    content: '限定舰船涂装「极光」×1，星钻×100',
    codes: 60,
    window: 'expired',
  },
  {
    game: 2,
    title: '主公见面礼',
    content: '元宝×300，五星武将自选箱×1，粮草×5万',
    codes: 150,
    window: 'open',
  },
  {
    game: 3,
    title: '侠客入门礼包',
    content: '金币×5万，紫色刀谱×1，体力药水×5',
    codes: 120,
    window: 'open',
    demoClaimed: true,
  },
  {
    game: 4,
    title: '丰收节礼包',
    content: '金币×2万，稀有种子×10，装饰篱笆×1套',
    codes: 80,
    window: 'upcoming',
  },
  {
    game: 5,
    title: '车神专属礼包',
    content: '氮气加速×20，改装零件箱×3，金币×3万',
    codes: 100,
    window: 'open',
  },
  { game: 7, title: '仙缘礼包', content: '灵石×500，仙宠「小白狐」×1，复活符×3', codes: 180, window: 'open' },
  { game: 9, title: '猎手补给箱', content: '传奇装备箱×1，金币×8万，背包扩展×1', codes: 90, window: 'open' },
  {
    game: 13,
    title: '屠龙勇士礼包',
    content: '龙鳞护符×1，强化石×30，钻石×150',
    codes: 20,
    window: 'soldOut',
  },
  {
    game: 14,
    title: '指挥官礼包',
    content: '黄金×500，虎式坦克体验卡×1，加速道具×10',
    codes: 70,
    window: 'open',
  },
  {
    game: 25,
    title: '江湖行礼包',
    content: '铜钱×10万，轻功秘籍×1，坐骑「乌骓」×1',
    codes: 160,
    window: 'open',
  },
  { game: 30, title: '王牌机师礼包', content: '僚机「赤焰」×1，护盾×5，金币×2万', codes: 40, window: 'open' },
];

function windowOf(window: Window, now: number): { start_at: number; end_at: number } {
  switch (window) {
    case 'expired':
      return { start_at: now - 40 * DAY, end_at: now - DAY };
    case 'upcoming':
      return { start_at: now + 2 * DAY, end_at: now + 30 * DAY };
    default:
      return { start_at: now - 3 * DAY, end_at: now + 30 * DAY };
  }
}

/** Gift packs for a dozen games: mostly open, one expired, one upcoming, one sold out. */
export async function seedGifts(deps: Deps): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const demoId = await findUserIdByLoginName(db, DEMO_LOGIN_NAME);
  for (const [i, pack] of PACKS.entries()) {
    // The games seed runs first; a missing game answers 404 here, which stops the seed.
    const gameId = await gameIdOfAppId(db, FIRST_GAME_APP_ID + pack.game);
    // A sold-out pack is one whose every code has an owner, so it holds as many codes as accounts exist.
    const owners = pack.window === 'soldOut' ? await oldestUserIds(db, pack.codes) : [];
    const codes = newCodes(pack.window === 'soldOut' ? owners.length : pack.codes, `G${i + 1}`);
    const packId = await insertPack(db, {
      game_id: gameId,
      title: pack.title,
      content: pack.content,
      ...windowOf(pack.window, now),
      created_at: now - 3 * DAY,
    });
    await insertCodes(
      db,
      codes.map((code, k) => {
        const owner = owners[k] ?? (pack.demoClaimed && demoId !== null && k === 0 ? demoId : null);
        return {
          pack_id: packId,
          code,
          user_id: owner,
          claimed_at: owner === null ? null : now - (k + 1) * HOUR,
        };
      }),
    );
  }
}
