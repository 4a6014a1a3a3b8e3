import { randomBytes } from 'node:crypto';
import { insertGame, insertType } from '../../src/modules/games/repository.ts';
import { insertCodes, insertPack } from '../../src/modules/gifts/repository.ts';
import { setMembership } from '../../src/modules/vip/repository.ts';
import { grantDiamonds, balanceOf as walletBalanceOf } from '../../src/modules/wallet/public.ts';
import { hashToken, newToken } from '../../src/platform/tokens.ts';
import type { TestApp } from './app.ts';

// Fixtures for the money tests. Users are inserted directly (users + sessions) because registration
// is rate limited per IP and these tests need many accounts; everything else goes through the API.

export interface TestUser {
  id: number;
  uid: string;
  token: string;
}

let users = 0;
export async function createUser(
  t: TestApp,
  opts: { coins?: number; levelType?: number; expTime?: number } = {},
) {
  users += 1;
  const now = t.clock.now();
  const suffix = `${process.pid}_${users}_${randomBytes(3).toString('hex')}`;
  const row = await t.deps.db.kysely
    .insertInto('users')
    .values({
      login_name: `m_${suffix}`.slice(0, 32),
      password_hash: null,
      phone: null,
      name: '测试玩家',
      avatar: null,
      invite_code: `T${randomBytes(6).toString('hex')}`.slice(0, 16),
      invited_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await t.deps.db.kysely
    .insertInto('sessions')
    .values({
      user_id: row.id,
      token_hash: hashToken(token),
      device_id: null,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  if (opts.levelType !== undefined || opts.expTime !== undefined) {
    await setMembership(t.deps.db.kysely, row.id, {
      levelType: opts.levelType ?? 0,
      expTime: opts.expTime ?? null,
      now,
    });
  }
  if (opts.coins) await fund(t, row.id, opts.coins);
  return { id: row.id, uid: String(row.id), token } satisfies TestUser;
}

let grants = 0;
/** Credits diamonds through the wallet service, as a reward would. */
export async function fund(t: TestApp, userId: number, amount: number): Promise<number> {
  grants += 1;
  const granted = await grantDiamonds(t.deps, {
    userId,
    amount,
    reason: 'gift',
    ref: `test-${grants}-${randomBytes(4).toString('hex')}`,
  });
  return granted.balance;
}

export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  return walletBalanceOf(t.deps.db.kysely, userId);
}

export async function ledgerOf(t: TestApp, userId: number) {
  return t.deps.db.kysely
    .selectFrom('coin_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

let typeCount = 0;
export async function createType(t: TestApp, name?: string): Promise<number> {
  typeCount += 1;
  return insertType(t.deps.db.kysely, name ?? `类型${typeCount}`, typeCount);
}

let appIds = 50_000;
/** A game with real package files in storage for both platforms (unless told otherwise). */
export async function createGame(
  t: TestApp,
  opts: {
    typeId: number;
    name?: string;
    price?: number;
    tags?: string[];
    android?: boolean;
    ios?: boolean;
    sort?: number;
  },
) {
  appIds += 1;
  const appId = appIds;
  const now = t.clock.now();
  const android = opts.android === false ? null : `packages/t${appId}/game.apk`;
  const ios = opts.ios === false ? null : `packages/t${appId}/game.ipa`;
  if (android) await t.deps.storage.put(android, Buffer.from(`APK of ${appId}`));
  if (ios) await t.deps.storage.put(ios, Buffer.from(`IPA of ${appId}`));
  const price = opts.price ?? 0;
  const id = await insertGame(t.deps.db.kysely, {
    app_id: appId,
    type_id: opts.typeId,
    name: opts.name ?? `测试游戏${appId}`,
    icon: `/uploads/games/${appId}/icon.webp`,
    screenshots: JSON.stringify([`/uploads/games/${appId}/shot-1.webp`]),
    description: '一款测试游戏',
    version: '1.0.0',
    size: 1024,
    tags: JSON.stringify(opts.tags ?? ['测试']),
    online_type: price > 0 ? 1 : 0,
    buy_amount: price,
    download_count: 0,
    android_package: android,
    ios_package: ios,
    sort: opts.sort ?? 0,
    updated_at: now,
    created_at: now,
  });
  return { id, appId };
}

/** A gift pack with `codes` fresh codes, open from `start` to `end` (epoch ms). */
export async function createPack(
  t: TestApp,
  opts: { gameId: number; codes: number; start?: number; end?: number; title?: string },
) {
  const now = t.clock.now();
  const packId = await insertPack(t.deps.db.kysely, {
    game_id: opts.gameId,
    title: opts.title ?? '新手礼包',
    content: '钻石×100，金币×5000',
    start_at: opts.start ?? now - 3600_000,
    end_at: opts.end ?? now + 7 * 86400_000,
    created_at: now,
  });
  await insertCodes(
    t.deps.db.kysely,
    Array.from({ length: opts.codes }, (_, i) => ({
      pack_id: packId,
      code: `P${packId}C${String(i).padStart(4, '0')}`,
      user_id: null,
      claimed_at: null,
    })),
  );
  return packId;
}
