import { type CursorPage, ErrorCode } from '@ld/contract/envelope';
import {
  type DownloadAnswer,
  type Game,
  type GameListBody,
  type GameType,
  OnlineType,
  PLATFORM_NAMES,
  PlatformType,
  type PlatformTypeValue,
} from '@ld/contract/games';
import type { Selectable } from 'kysely';
import { type Conn, writeTogether } from '../../db/database.ts';
import { type DayCount, dayText } from '../../db/day-buckets.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound, ruleError, sessionInvalid } from '../../platform/errors.ts';
import { type GuestPagesOptions, isPlainFirstPage } from '../../platform/guest-pages.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import { accountAttributionValues, attributionOfDevice, type CountFilter } from '../devices/public.ts';
import { createBuyBatcher, ownedRefs } from '../purchases/public.ts';
import { balanceOf } from '../wallet/public.ts';
import { isPackageLinkValid, signPackageLink } from './package-links.ts';
import * as repo from './repository.ts';
import type { GamesTable } from './tables.ts';

type GameRow = Selectable<GamesTable> & { type_name: string };

const isFree = (game: GameRow) => game.online_type === OnlineType.free || game.buy_amount === 0;

function packageOf(game: GameRow, platformType: PlatformTypeValue): string | null {
  return platformType === PlatformType.android ? game.android_package : game.ios_package;
}

function toGame(row: GameRow, purchased: boolean | null): Game {
  const platforms: number[] = [];
  if (row.android_package) platforms.push(PlatformType.android);
  if (row.ios_package) platforms.push(PlatformType.ios);
  return {
    id: row.id,
    appID: row.app_id,
    name: row.name,
    icon: row.icon,
    screenshots: JSON.parse(row.screenshots) as string[],
    description: row.description,
    version: row.version,
    size: Number(row.size),
    updateTime: toIso(Number(row.updated_at)),
    tags: JSON.parse(row.tags) as string[],
    type: Number(row.type_id),
    typeName: row.type_name,
    onlineType: row.online_type,
    buyAmount: row.buy_amount,
    downloadCount: Number(row.download_count),
    memberFree: !isFree(row),
    platforms,
    purchased,
  };
}

/** Purchases are keyed by the game's row id as text. */
const ownedGames = (deps: Deps, userId: number, gameIds: number[]) =>
  ownedRefs(deps.db.kysely, userId, 'game', gameIds.map(String));

export async function listTypes(deps: Deps): Promise<GameType[]> {
  return (await repo.listTypes(deps.db.kysely)).map((t) => ({ id: t.id, name: t.name }));
}

/** The game list's cursors name it, so a cursor of another list is refused. */
const GAME_LIST = 'games';

export async function listGames(
  deps: Deps,
  userId: number | null,
  query: GameListBody,
): Promise<CursorPage<Game>> {
  const filter = { typeId: query.type, keyword: query.keyword };
  const [all, total] = await Promise.all([
    repo.listGames(deps.db.kysely, filter, windowOf(query, GAME_LIST)),
    repo.countGames(deps.db.kysely, filter),
  ]);
  const rows = all.slice(0, query.pageSize);
  const owned =
    userId === null
      ? null
      : await ownedGames(
          deps,
          userId,
          rows.map((r) => r.id),
        );
  return cursorPage(
    all,
    total,
    query,
    GAME_LIST,
    (r) => ({ value: Number(r.sort), id: r.id }),
    (kept) => kept.map((r) => toGame(r, owned ? owned.has(String(r.id)) : null)),
  );
}

/**
 * A guest's first page of the game list is kept per process (platform/guest-pages.ts): the plain
 * list's (no keyword, no cursor) by type and page size. Every operator write to games or their
 * types announces `games` after its commit, which drops it in every process at once. The download
 * counts it shows move with every download and are not announced (one message per download would
 * cost the download path more than the list saves): they are at most `keepMs` old.
 */
export const GUEST_GAME_LIST = {
  topics: ['games'],
  keepMs: 1_000,
  keyOf: (query: GameListBody): string | null =>
    isPlainFirstPage(query) ? `${query.type ?? ''}:${query.pageSize}` : null,
} as const satisfies GuestPagesOptions<GameListBody>;

/** A game by its own app id (what the detail page sends as `appID`). */
export async function getGameByAppId(deps: Deps, userId: number | null, appId: number): Promise<Game> {
  const row = await repo.findGameByAppId(deps.db.kysely, appId);
  if (!row) throw notFound('游戏');
  const owned = userId === null ? null : await ownedGames(deps, userId, [row.id]);
  return toGame(row, owned ? owned.has(String(row.id)) : null);
}

/** The game id behind an app id (the gift list's `appID`); 404 when there is no such game. */
export async function gameIdOfAppId(db: Conn, appId: number): Promise<number> {
  const id = await repo.findIdByAppId(db, appId);
  if (id === null) throw notFound('游戏');
  return id;
}

/** What another list shows of a game (a gift pack's game). */
export interface GameCard {
  id: number;
  appID: number;
  name: string;
  icon: string;
}

/** The cards of the games among `gameIds` that exist, by id. */
export async function gameCardsOf(db: Conn, gameIds: Iterable<number>): Promise<Map<number, GameCard>> {
  const unique = [...new Set(gameIds)];
  if (unique.length === 0) return new Map();
  const rows = await repo.listCards(db, unique);
  return new Map(rows.map((r) => [r.id, { id: r.id, appID: r.app_id, name: r.name, icon: r.icon }]));
}

/**
 * A download link handed out: a row with the downloader's channel for the channel report
 * (decision 0062), and the game's counter, in `trx` (they never disagree). Statistics, not money.
 * The counter last (repository.ts): every downloader of a game updates that row, so its lock is
 * held only for the moment before the commit. The last work in `trx`: it commits with it.
 */
async function recordDownload(
  trx: Conn,
  download: DownloadFacts,
  channel: repo.DownloadChannel,
): Promise<void> {
  // The transaction's last statement (one on PostgreSQL): its COMMIT goes with it, one round trip
  // less (docs/decisions/0056-cluster.md, "BEGIN and COMMIT sent with a statement").
  await writeTogether(trx, repo.downloadWrites(downloadRow(download), channel), { commit: true });
}

interface DownloadFacts {
  gameId: number;
  userId: number | null;
  platformType: PlatformTypeValue;
  now: number;
}

const downloadRow = (download: DownloadFacts) => ({
  game_id: download.gameId,
  user_id: download.userId,
  platform_type: download.platformType,
  created_at: download.now,
});

/**
 * An account's downloads stay with the channel that brought the account (read in the download's
 * statement); a guest's with its device's.
 */
const downloaderChannel = async (
  deps: Deps,
  userId: number | null,
  deviceId: string | undefined,
): Promise<repo.DownloadChannel> =>
  userId !== null ? accountAttributionValues(userId) : attributionOfDevice(deps.db.kysely, deviceId);

/**
 * Game rows this process has read for downloads, per database: a download reads its game's price,
 * packages and state on every call, and they change only through the console, which announces
 * 'games' (docs/decisions/0047-change-feed.md); a lost message is bounded by GAME_ROW_TTL_MS.
 */
const gameRows = new WeakMap<Deps['db'], Map<number, { row: GameRow; until: number }>>();
export const GAME_ROW_TTL_MS = 5_000;
const GAME_ROWS_MAX = 5_000;

async function downloadableGame(deps: Deps, gameId: number): Promise<GameRow | undefined> {
  let rows = gameRows.get(deps.db);
  const now = Date.now();
  const hit = rows?.get(gameId);
  if (hit && hit.until > now) return hit.row;
  const row = await repo.findGameById(deps.db.kysely, gameId);
  if (!row) return undefined;
  if (!rows || rows.size >= GAME_ROWS_MAX) {
    rows = new Map();
    gameRows.set(deps.db, rows);
  }
  rows.set(gameId, { row, until: now + GAME_ROW_TTL_MS });
  return row;
}

/** Drops the remembered game rows (a game changed in some process). */
export function forgetGames(deps: Deps): void {
  gameRows.delete(deps.db);
}

/** Download links handed out per Shanghai day, channel and invite code (the channel report). */
export async function countDownloads(db: Conn, f: CountFilter): Promise<DayCount[]> {
  return (await repo.countDownloads(db, f)).map((r) => ({
    day: dayText(r.day),
    channelId: r.channel_id,
    inviteCode: r.invite_code,
    count: Number(r.n),
  }));
}

/**
 * A paid download's purchase, with its row and the game's counter: on PostgreSQL in a batch with
 * the others bought meanwhile (one transaction, one commit); one by one on SQLite. The counter's
 * row lock is taken after the wallets', as one purchase takes it.
 */
const buyDownload = createBuyBatcher<repo.BatchedDownload>({
  kind: 'game',
  alongside: (batch) => repo.batchDownloadWrites(batch, accountAttributionValues),
  lockAlongside: (conn, downloads) =>
    repo.lockGameCounters(
      conn,
      downloads.map((d) => d.gameId),
    ),
  single: (d, userId) =>
    repo.downloadWrites(
      { game_id: d.gameId, user_id: userId, platform_type: d.platformType, created_at: d.createdAt },
      accountAttributionValues(userId),
    ),
});

/**
 * A download (DESIGN §6): free games for everyone; otherwise members and earlier buyers download
 * free and anyone else pays once, through the buy-once purchase (purchases/public.ts).
 */
export async function downloadGame(
  deps: Deps,
  userId: number | null,
  gameId: number,
  platformType: PlatformTypeValue,
  /** A guest's device (device init's), for the channel report; ignored when signed in. */
  deviceId?: string,
): Promise<DownloadAnswer> {
  const db = deps.db.kysely;
  const game = await downloadableGame(deps, gameId);
  // A draft (or a game taken down) is not downloadable, as it is not listed.
  if (game?.published !== 1) throw notFound('游戏');
  if (!packageOf(game, platformType)) {
    throw ruleError(`该游戏暂未提供${PLATFORM_NAMES[platformType]}版本，请换个平台下载`);
  }
  const download = { gameId: game.id, userId, platformType, now: deps.clock.now() };
  let charged = 0;
  let coinNum: number | null = null;
  if (isFree(game)) {
    const channel = await downloaderChannel(deps, userId, deviceId);
    await db.transaction().execute((trx) => recordDownload(trx, download, channel));
    if (userId !== null) coinNum = await balanceOf(db, userId);
  } else {
    if (userId === null) throw sessionInvalid();
    const buyerId = userId;
    // The payment, the download row and the counter commit together, in one transaction with the
    // paid downloads bought at the same moment on PostgreSQL (docs/decisions/0056-cluster.md).
    ({ charged, coinNum } = await buyDownload(
      deps,
      {
        userId: buyerId,
        kind: 'game',
        ref: String(game.id),
        price: game.buy_amount,
        memberFree: true,
        note: game.name,
      },
      {
        gameId: download.gameId,
        platformType: download.platformType,
        createdAt: download.now,
      },
    ));
  }
  const url = await signPackageLink(deps.db, {
    publicUrl: deps.config.publicUrl,
    gameId: game.id,
    platformType,
    uid: userId ?? 0,
    now: deps.clock.now(),
  });
  return { url, charged, coinNum };
}

/** The stored package behind a signed link, or 403 when the link is not ours or its time has passed. */
export async function openPackage(
  deps: Deps,
  link: { gameId: number; platformType: PlatformTypeValue; uid: string; expires: string; sig: string },
): Promise<{ key: string; filename: string; contentType: string }> {
  const valid = await isPackageLinkValid(deps.db, { ...link, now: deps.clock.now() });
  if (!valid) throw new AppError(ErrorCode.forbidden, '下载链接无效或已过期，请回到游戏页重新点击下载', 403);
  const game = await downloadableGame(deps, link.gameId);
  const relative = game ? packageOf(game, link.platformType) : null;
  if (!game || !relative) throw notFound('安装包');
  const isAndroid = link.platformType === PlatformType.android;
  return {
    key: relative,
    filename: `${game.name}-${game.version}.${isAndroid ? 'apk' : 'ipa'}`,
    contentType: isAndroid ? 'application/vnd.android.package-archive' : 'application/octet-stream',
  };
}
