import { type CursorPage, ErrorCode, type PageQuery } from '@ld/contract/envelope';
import type { GiftCenterItem, GiftPack, GiftPackStatus, MyGift } from '@ld/contract/gifts';
import { formatDateTime } from '@ld/contract/relative-time';
import { isUniqueViolation } from '../../db/errors.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound, ruleError } from '../../platform/errors.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import { gameCardsOf, gameIdOfAppId } from '../games/public.ts';
import * as repo from './repository.ts';

interface PackRow {
  id: number;
  game_id: number;
  title: string;
  content: string;
  start_at: number;
  end_at: number;
  total: number | string;
  remaining: number | string;
}

function statusOf(pack: PackRow, now: number): GiftPackStatus {
  if (now < Number(pack.start_at)) return 'upcoming';
  if (now >= Number(pack.end_at)) return 'ended';
  return Number(pack.remaining) > 0 ? 'open' : 'soldOut';
}

const toPack = (row: PackRow, now: number, myCode: string | null): GiftPack => ({
  id: row.id,
  gameId: Number(row.game_id),
  title: row.title,
  content: row.content,
  startTime: toIso(Number(row.start_at)),
  endTime: toIso(Number(row.end_at)),
  total: Number(row.total),
  remaining: Number(row.remaining),
  status: statusOf(row, now),
  myCode,
});

/** The packs of a game (by its app id) with stock, and the caller's code where they claimed one. */
export async function listPacksOfGame(deps: Deps, userId: number | null, appId: number): Promise<GiftPack[]> {
  const gameId = await gameIdOfAppId(deps.db.kysely, appId);
  const rows = await repo.listPacksOfGame(deps.db.kysely, gameId);
  const mine =
    userId === null
      ? new Map<number, string>()
      : await repo.claimedCodesOfPacks(
          deps.db.kysely,
          userId,
          rows.map((r) => r.id),
        );
  const now = deps.clock.now();
  return rows.map((r) => toPack(r, now, mine.get(r.id) ?? null));
}

export async function listGiftCenter(
  deps: Deps,
  userId: number | null,
  page: PageQuery,
): Promise<CursorPage<GiftCenterItem>> {
  const now = deps.clock.now();
  const [all, total] = await Promise.all([
    repo.listOpenPacks(deps.db.kysely, now, windowOf(page, 'gift-center')),
    repo.countOpenPacks(deps.db.kysely, now),
  ]);
  const rows = all.slice(0, page.pageSize);
  const [mine, games] = await Promise.all([
    userId === null
      ? new Map<number, string>()
      : repo.claimedCodesOfPacks(
          deps.db.kysely,
          userId,
          rows.map((r) => r.id),
        ),
    gameCardsOf(
      deps.db.kysely,
      rows.map((r) => Number(r.game_id)),
    ),
  ]);
  return cursorPage(
    all,
    total,
    page,
    'gift-center',
    (r) => ({ value: Number(r.start_at), id: r.id }),
    (kept) =>
      kept.map((r) => {
        const game = games.get(Number(r.game_id))!;
        return {
          ...toPack(r, now, mine.get(r.id) ?? null),
          appID: game.appID,
          gameName: game.name,
          gameIcon: game.icon,
        };
      }),
  );
}

/** How often a claim retries when other claimers took the code it aimed at. */
const CLAIM_ATTEMPTS = 8;

/**
 * One code per user per pack: a second claim answers the same code. Codes are taken by a
 * conditional UPDATE, so no two users get the same one and the stock never goes below zero.
 */
export async function claimCode(deps: Deps, userId: number, packId: number): Promise<{ code: string }> {
  const db = deps.db.kysely;
  const pack = await repo.findPack(db, packId);
  if (!pack) throw notFound('礼包');
  const earlier = await repo.findClaimedCode(db, packId, userId);
  if (earlier) return { code: earlier };
  const now = deps.clock.now();
  if (now < Number(pack.start_at)) {
    throw ruleError(`礼包尚未开始领取，请于 ${formatDateTime(new Date(Number(pack.start_at)))} 后再来`);
  }
  if (now >= Number(pack.end_at)) throw ruleError('礼包已过期，去看看其他礼包吧');
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    try {
      // After a miss while codes were still free, the codes left are locked by claims in flight:
      // wait for them rather than retry at once (a busy database commits them later than eight
      // quick retries take).
      const code = await repo.takeFreeCode(db, packId, userId, now, { wait: attempt > 0 });
      if (code) return { code };
    } catch (error) {
      // The same user claiming twice at once: UNIQUE (pack, user) let one through; answer its code.
      if (!isUniqueViolation(error)) throw error;
      const code = await repo.findClaimedCode(db, packId, userId);
      if (code) return { code };
      throw error;
    }
    if ((await repo.countFreeCodes(db, packId)) === 0) {
      throw new AppError(ErrorCode.soldOut, '礼包已领完，去看看其他礼包吧');
    }
  }
  throw ruleError('领取的人太多了，请稍后再试');
}

export async function listMyCodes(deps: Deps, userId: number, page: PageQuery): Promise<CursorPage<MyGift>> {
  const [all, total] = await Promise.all([
    repo.listMyCodes(deps.db.kysely, userId, windowOf(page, 'my-gifts')),
    repo.countMyCodes(deps.db.kysely, userId),
  ]);
  const rows = all.slice(0, page.pageSize);
  const games = await gameCardsOf(
    deps.db.kysely,
    rows.map((r) => Number(r.game_id)),
  );
  return cursorPage(
    all,
    total,
    page,
    'my-gifts',
    (r) => ({ value: Number(r.claimed_at), id: r.id }),
    (kept) =>
      kept.map((r) => {
        // Packs reference their game (a foreign key), so every card is there.
        const game = games.get(Number(r.game_id))!;
        return {
          id: r.id,
          code: r.code,
          packId: r.pack_id,
          packTitle: r.title,
          content: r.content,
          gameId: Number(r.game_id),
          appID: game.appID,
          gameName: game.name,
          gameIcon: game.icon,
          claimTime: toIso(Number(r.claimed_at)),
        };
      }),
  );
}
