import {
  type AdminGame,
  type AdminGameListQuery,
  type AdminGameType,
  type CreateGameBody,
  type CreateGameTypeBody,
  MAX_GAME_SCREENSHOTS,
  priceRule,
  type UpdateGameBody,
} from '@ld/contract/admin/games';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import { keyOfUrl } from '../../platform/storage.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as repo from './admin-repository.ts';
import { FIRST_GAME_APP_ID } from './seed.ts';
import type { GamesTable } from './tables.ts';

// 游戏 in the console (docs/decisions/0058-games-and-videos-console.md). Every write is audited in
// its transaction and announces `games`, which drops every process's cached home (the portal's
// list, detail and search read the table at each request).

type GameRow = Selectable<GamesTable> & { type_name: string };

export function toAdminGame(row: GameRow): AdminGame {
  return {
    id: Number(row.id),
    appID: Number(row.app_id),
    name: row.name,
    typeId: Number(row.type_id),
    typeName: row.type_name,
    icon: row.icon,
    screenshots: JSON.parse(row.screenshots) as string[],
    description: row.description,
    version: row.version,
    tags: JSON.parse(row.tags) as string[],
    onlineType: Number(row.online_type),
    buyAmount: Number(row.buy_amount),
    downloadCount: Number(row.download_count),
    sort: Number(row.sort),
    published: Number(row.published) === 1,
    hasAndroid: row.android_package !== null,
    hasIos: row.ios_package !== null,
    size: Number(row.size),
    createTime: toIso(Number(row.created_at)),
    updateTime: toIso(Number(row.updated_at)),
  };
}

export async function adminGameOf(db: Conn, id: number): Promise<AdminGame> {
  const row = await repo.findGame(db, id);
  if (!row) throw notFound('游戏');
  return toAdminGame(row);
}

const SORT_COLUMNS = {
  sort: 'sort',
  id: 'id',
  name: 'name',
  downloadCount: 'download_count',
  updateTime: 'updated_at',
} as const;

export async function listAdminGames(deps: Deps, q: AdminGameListQuery): Promise<AdminPage<AdminGame>> {
  const { rows, total } = await repo.listGames(
    deps.db.kysely,
    {
      name: q.name,
      typeId: q.typeId,
      published: consoleRecord.publishedFilter(q.published),
    },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminGame), total, q);
}

export const getAdminGame = (deps: Deps, id: number): Promise<AdminGame> => adminGameOf(deps.db.kysely, id);

export const GAMES_CHANGED = { announce: ['games' as const] };

async function assertType(db: Conn, typeId: number): Promise<void> {
  if (!(await repo.findType(db, typeId))) throw badInput('typeId', '游戏分类不存在，请重新选择');
}

/** A game shows in the portal only with an icon: a published game without one would look broken. */
function assertPublishable(game: { published: boolean; icon: string }): void {
  if (game.published && !game.icon) throw badInput('published', '请先上传图标再发布');
}

export async function createGame(deps: Deps, actor: AuditActor, body: CreateGameBody): Promise<AdminGame> {
  assertPublishable({ published: body.published, icon: '' });
  const now = deps.clock.now();
  return audited(
    deps,
    actor,
    async (trx) => {
      await assertType(trx, body.typeId);
      const id = await repo.insertGame(trx, {
        app_id: await repo.nextAppId(trx, FIRST_GAME_APP_ID),
        type_id: body.typeId,
        name: body.name,
        icon: '',
        screenshots: '[]',
        description: body.description,
        version: body.version,
        size: 0,
        tags: JSON.stringify(body.tags),
        online_type: body.onlineType,
        buy_amount: body.buyAmount,
        android_package: null,
        ios_package: null,
        sort: body.sort ?? (await repo.topSort(trx)) + 1,
        published: body.published ? 1 : 0,
        updated_at: now,
        created_at: now,
      });
      const after = await adminGameOf(trx, id);
      return {
        result: after,
        audit: { action: 'game.create', targetType: 'game', targetId: id, before: null, after },
      };
    },
    GAMES_CHANGED,
  );
}

/** Edits any field; `{ published }` alone publishes or takes the game down; `screenshots` reorders or removes. */
export async function updateGame(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateGameBody,
): Promise<AdminGame> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'game', id },
    body,
    {
      read: (trx) => adminGameOf(trx, id),
      write: async (trx, before) => {
        const price = {
          onlineType: body.onlineType ?? before.onlineType,
          buyAmount: body.buyAmount ?? before.buyAmount,
        };
        const broken = priceRule(price);
        if (broken) throw badInput('buyAmount', broken);
        if (body.typeId !== undefined) await assertType(trx, body.typeId);
        assertPublishable({ published: body.published ?? before.published, icon: before.icon });
        if (body.screenshots !== undefined) {
          const own = new Set(before.screenshots);
          if (
            body.screenshots.some((url) => !own.has(url)) ||
            new Set(body.screenshots).size !== body.screenshots.length
          )
            throw badInput('screenshots', '截图只能在已上传的截图中排序或删除');
        }
        await repo.updateGame(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.typeId !== undefined ? { type_id: body.typeId } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.version !== undefined ? { version: body.version } : {}),
          ...(body.tags !== undefined ? { tags: JSON.stringify(body.tags) } : {}),
          ...(body.onlineType !== undefined ? { online_type: body.onlineType } : {}),
          ...(body.buyAmount !== undefined ? { buy_amount: body.buyAmount } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('published', body.published),
          ...(body.screenshots !== undefined ? { screenshots: JSON.stringify(body.screenshots) } : {}),
          updated_at: deps.clock.now(),
        });
      },
    },
    GAMES_CHANGED,
  );
}

/**
 * Moves a game one place up or down in the portal's order by swapping sort values with its
 * neighbour (drafts count, so a game keeps its place when published). At either end nothing moves.
 */
export async function moveGame(
  deps: Deps,
  actor: AuditActor,
  id: number,
  direction: 'up' | 'down',
): Promise<AdminGame> {
  return consoleRecord.change(
    deps,
    actor,
    { type: 'game', id, verb: `move-${direction}` },
    {
      read: (trx) => adminGameOf(trx, id),
      write: async (trx, before) => {
        const other = await repo.neighbourOf(trx, before, direction);
        if (!other) return;
        const otherSort = Number(other.sort);
        // Equal sorts order by id: moving past such a neighbour takes one step beyond its value.
        const mine = otherSort === before.sort ? otherSort + (direction === 'up' ? 1 : -1) : otherSort;
        if (mine < 0) {
          // At sort 0 below an equal: lift the neighbour instead.
          await repo.updateGame(trx, Number(other.id), { sort: 1 });
        } else {
          await repo.updateGame(trx, id, { sort: mine });
          if (otherSort !== before.sort) await repo.updateGame(trx, Number(other.id), { sort: before.sort });
        }
      },
    },
    GAMES_CHANGED,
  );
}

export async function listGameTypes(deps: Deps): Promise<AdminGameType[]> {
  return (await repo.listTypes(deps.db.kysely)).map((t) => ({
    id: Number(t.id),
    name: t.name,
    sort: Number(t.sort),
    gameCount: Number(t.game_count),
  }));
}

export async function createGameType(
  deps: Deps,
  actor: AuditActor,
  body: CreateGameTypeBody,
): Promise<AdminGameType> {
  return audited(
    deps,
    actor,
    async (trx) => {
      if (await repo.findTypeByName(trx, body.name)) throw badInput('name', '已有同名分类');
      const id = await repo.insertType(trx, body.name);
      const type = await repo.findType(trx, id);
      const after: AdminGameType = { id, name: body.name, sort: Number(type?.sort ?? 0), gameCount: 0 };
      return {
        result: after,
        audit: { action: 'game-type.create', targetType: 'game-type', targetId: id, before: null, after },
      };
    },
    GAMES_CHANGED,
  );
}

/** Icons are square, like the seed's; screenshots keep their shape within this side. */
const ICON_SIDE = 512;
const SCREENSHOT_SIDE = 1280;

/**
 * Stores a re-encoded picture, then runs the audited write; a refused or failed write removes the
 * file again, so nothing is left behind.
 */
async function withStoredPicture<T>(
  deps: Deps,
  bytes: Buffer,
  maxSide: number,
  options: { square?: boolean },
  write: (url: string) => Promise<T>,
): Promise<T> {
  const webp = await reencodeImage(bytes, 'file', maxSide, options);
  const url = await deps.storage.save('games', 'webp', webp);
  try {
    return await write(url);
  } catch (error) {
    const key = keyOfUrl(url);
    if (key) await deps.storage.remove(key);
    throw error;
  }
}

/** Sets the game's icon: checked by content, cropped square and re-encoded as the portal's avatars are. */
export async function uploadIcon(
  deps: Deps,
  actor: AuditActor,
  id: number,
  bytes: Buffer,
): Promise<AdminGame> {
  await adminGameOf(deps.db.kysely, id);
  return withStoredPicture(deps, bytes, ICON_SIDE, { square: true }, (url) =>
    audited(
      deps,
      actor,
      async (trx) => {
        const before = await adminGameOf(trx, id);
        await repo.updateGame(trx, id, { icon: url, updated_at: deps.clock.now() });
        const after = await adminGameOf(trx, id);
        return {
          result: after,
          audit: { action: 'game.icon', targetType: 'game', targetId: id, before, after },
        };
      },
      GAMES_CHANGED,
    ),
  );
}

/** Adds a screenshot at the end (re-encoded as the square's post images are), up to MAX_GAME_SCREENSHOTS. */
export async function addScreenshot(
  deps: Deps,
  actor: AuditActor,
  id: number,
  bytes: Buffer,
): Promise<AdminGame> {
  const full = () => badInput('file', `最多 ${MAX_GAME_SCREENSHOTS} 张截图，请先删除不要的截图`);
  if ((await adminGameOf(deps.db.kysely, id)).screenshots.length >= MAX_GAME_SCREENSHOTS) throw full();
  return withStoredPicture(deps, bytes, SCREENSHOT_SIDE, {}, (url) =>
    audited(
      deps,
      actor,
      async (trx) => {
        const before = await adminGameOf(trx, id);
        if (before.screenshots.length >= MAX_GAME_SCREENSHOTS) throw full();
        await repo.updateGame(trx, id, {
          screenshots: JSON.stringify([...before.screenshots, url]),
          updated_at: deps.clock.now(),
        });
        const after = await adminGameOf(trx, id);
        return {
          result: after,
          audit: { action: 'game.screenshot-add', targetType: 'game', targetId: id, before, after },
        };
      },
      GAMES_CHANGED,
    ),
  );
}

const PACKAGE_EXTS = { android: ['apk'], ios: ['ipa'] } as const;
const PACKAGE_NAMES = { android: '安卓', ios: 'iOS' } as const;

/** The first bytes of a stored file (APK and IPA are ZIP archives: `PK\x03\x04`). */
async function headOf(deps: Deps, key: string, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of deps.storage.createReadStream(key, { start: 0, end: length - 1 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A package uploaded for one platform (`receive` streams it into storage within the limit, never
 * whole in memory). It must be a ZIP archive (APK and IPA are); it replaces the platform's earlier
 * package, whose file is removed once the new one is recorded. The portal's size is the new one's.
 */
export async function uploadPackage(
  deps: Deps,
  actor: AuditActor,
  id: number,
  platform: 'android' | 'ios',
  receive: (options: {
    folder: string;
    maxBytes: number;
    exts: readonly string[];
    label: string;
  }) => Promise<{
    key: string;
    size: number;
  }>,
): Promise<AdminGame> {
  await adminGameOf(deps.db.kysely, id);
  const file = await receive({
    // Never served under /uploads (0019): only through the signed download link.
    folder: `packages/${id}`,
    maxBytes: deps.config.uploadLimits.packageBytes,
    exts: PACKAGE_EXTS[platform],
    label: '安装包',
  });
  let replaced: string | null = null;
  try {
    const head = await headOf(deps, file.key, 4);
    if (!head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
      throw badInput(
        'file',
        `不是有效的${PACKAGE_NAMES[platform]}安装包（.${PACKAGE_EXTS[platform][0]} 应为 ZIP 格式），请检查文件`,
      );
    }
    const column = platform === 'android' ? 'android_package' : 'ios_package';
    const result = await audited(
      deps,
      actor,
      async (trx) => {
        const row = await repo.findGame(trx, id);
        if (!row) throw notFound('游戏');
        replaced = row[column];
        const before = toAdminGame(row);
        await repo.updateGame(trx, id, { [column]: file.key, size: file.size, updated_at: deps.clock.now() });
        const after = await adminGameOf(trx, id);
        return {
          result: after,
          audit: {
            action: `game.package-${platform}`,
            targetType: 'game',
            targetId: id,
            before,
            after: { ...after, packageBytes: file.size },
          },
        };
      },
      GAMES_CHANGED,
    );
    if (replaced && replaced !== file.key) await deps.storage.remove(replaced);
    return result;
  } catch (error) {
    await deps.storage.remove(file.key);
    throw error;
  }
}
