import { isMemberAt } from '@ld/contract/vip';
import type { PurchaseKind } from '@ld/contract/wallet';
import { type Conn, commitWithNextStatement, writeTogether } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import type { Deps } from '../../platform/deps.ts';
import { membershipColumns, membershipOf } from '../vip/public.ts';
import {
  applyBalanceChange,
  balanceInsufficient,
  balanceOf,
  debitAfter,
  lockWallet,
  lockWalletReading,
} from '../wallet/public.ts';
import * as repo from './repository.ts';

export interface BuyOnce {
  userId: number;
  kind: PurchaseKind;
  /** What is bought, in the kind's own terms (a game id, a chapter id); at most 64 characters. */
  ref: string;
  /** Diamonds; 0 means free for everyone. */
  price: number;
  /** Members get it without paying (a paid game, a VIP chapter). */
  memberFree: boolean;
  /** Shown after the kind in the ledger, e.g. the game's name: 购买游戏：星海远征. */
  note?: string;
}

export interface BuyOnceResult {
  /** Diamonds charged by this call: the price when bought now, else 0. */
  charged: number;
  /** The balance afterwards. */
  coinNum: number;
  /** Why the user may have it: free for all, a member, bought earlier, or bought now. */
  via: 'free' | 'member' | 'owned' | 'bought';
}

export interface BuyOnceOptions {
  /**
   * Writes of the caller's that go with the purchase whatever it answers (a download's row and
   * counter), after it in the same transaction; on PostgreSQL in the purchase's own statement.
   * None when the purchase is refused.
   */
  alongside?: readonly repo.AlongsideWrite[];
  /**
   * The purchase's last statement is the transaction's last: on PostgreSQL its COMMIT is sent with
   * it (`commitWithNextStatement`), so the caller must send nothing more in `trx`.
   */
  last?: boolean;
}

/** Throws for a price or a ref no purchase may have (the seller's mistake, never the buyer's). */
export function checkPurchase(item: BuyOnce): void {
  if (!Number.isSafeInteger(item.price) || item.price < 0) {
    throw new Error(`a price must be a non-negative integer, got ${item.price}`);
  }
  if (item.ref.length === 0 || item.ref.length > 64)
    throw new Error(`a purchase ref must be 1-64 characters`);
}

/**
 * Gives the user a priced thing, charging at most once per (user, kind, ref) (DESIGN §7): free
 * things and members (when `memberFree`) pay nothing, an earlier buyer pays nothing again, anyone
 * else pays `price` through the ledger, with the purchase row in the same transaction. A short
 * balance throws code 1001 with `{ coinNum, price }` and leaves nothing behind. Runs inside `trx`
 * when given (the caller's transaction then rolls back on 1001), else in its own transaction.
 */
export async function buyOnce(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  item: BuyOnce,
  trx?: Conn,
  options: BuyOnceOptions = {},
): Promise<BuyOnceResult> {
  checkPurchase(item);
  const now = deps.clock.now();
  /** The caller's writes once the answer is known, committing with them when asked. */
  const writeAlongside = (conn: Conn) =>
    writeTogether(conn, options.alongside ?? [], { commit: options.last ?? false });
  if (item.price === 0) {
    const coinNum = await balanceOf(trx ?? deps.db.kysely, item.userId);
    await writeAlongside(trx ?? deps.db.kysely);
    return { charged: 0, coinNum, via: 'free' };
  }
  const run = async (conn: Conn): Promise<BuyOnceResult> => {
    const fast = onPostgres(conn) ? await buyOnPostgres(deps, item, conn, now, options) : undefined;
    if (fast) return fast;
    const result = await buy(conn);
    await writeAlongside(conn);
    return result;
  };
  const buy = async (conn: Conn): Promise<BuyOnceResult> => {
    // The wallet lock first: it serializes this user's purchases, so the ownership check below
    // cannot race, and it is taken before the purchase row's foreign key locks the user (0003).
    await lockWallet(conn, item.userId);
    const free = async (via: BuyOnceResult['via']) => ({
      charged: 0,
      coinNum: await balanceOf(conn, item.userId),
      via,
    });
    if (item.memberFree && (await membershipOf(conn, item.userId, now)).isMember) {
      return free((await repo.isOwned(conn, item.userId, item.kind, item.ref)) ? 'owned' : 'member');
    }
    // The purchase row's unique key answers "bought before?": no row is added then.
    const purchaseId = await repo.insertPurchase(conn, {
      user_id: item.userId,
      kind: item.kind,
      ref: item.ref,
      price: item.price,
      created_at: now,
    });
    if (purchaseId === null) return free('owned');
    const paid = await applyBalanceChange(conn, {
      userId: item.userId,
      delta: -item.price,
      reason: item.kind,
      // The ledger points at the purchase row (docs/decisions/0003-games-and-money.md).
      ref: String(purchaseId),
      note: item.note,
      now,
    });
    if (!paid.ok) throw balanceInsufficient(deps.config, paid.balance, item.price);
    return { charged: item.price, coinNum: paid.balance, via: 'bought' };
  };
  return trx ? run(trx) : deps.db.kysely.transaction().execute(run);
}

/**
 * The same purchase on PostgreSQL in two statements (docs/decisions/0056-cluster.md, "A paid
 * purchase in two statements"): the wallet's lock with everything the answer depends on read in
 * it, then the purchase, the balance, the ledger row and the caller's writes in one, COMMIT sent
 * with it when asked. It writes what `buy` writes, row for row; the API tests run both on their
 * databases. Undefined when the buyer has no wallet row yet: `buy` makes it.
 */
async function buyOnPostgres(
  deps: Pick<Deps, 'config'>,
  item: BuyOnce,
  conn: Conn,
  now: number,
  options: BuyOnceOptions,
): Promise<BuyOnceResult | undefined> {
  const alongside = options.alongside ?? [];
  const locked = await lockWalletReading(conn, item.userId, [
    ...(item.memberFree ? [membershipColumns(item.userId)] : []),
    repo.ownedColumn({ userId: item.userId, kind: item.kind, ref: item.ref }),
  ]);
  if (!locked) return undefined;
  const state = decideUnderLock(item, locked, now);
  if (state.via !== 'bought') {
    await writeTogether(conn, alongside, { commit: options.last ?? false });
    return { charged: 0, coinNum: state.balance, via: state.via };
  }
  if (state.balance < item.price) throw balanceInsufficient(deps.config, state.balance, item.price);
  if (options.last) await commitWithNextStatement(conn);
  const balance = await repo.chargePurchase(
    conn,
    { user_id: item.userId, kind: item.kind, ref: item.ref, price: item.price, created_at: now },
    debitAfter('bought', {
      userId: item.userId,
      amount: item.price,
      reason: item.kind,
      note: item.note ?? '',
      now,
    }),
    alongside,
  );
  // Owned after all: cannot happen under the lock (every purchase takes it first), but the
  // purchase row's unique key decides, as in `buy`.
  if (balance === null) return { charged: 0, coinNum: state.balance, via: 'owned' };
  return { charged: item.price, coinNum: balance, via: 'bought' };
}

/**
 * What the wallet's lock read for a purchase (`coin_num`, the membership's `level_type` and
 * `exp_time`, `owned`) decides: free for a member (when `memberFree`) or an earlier buyer, else
 * to be bought, when `balance` is enough. One rule for one purchase and for a batch (batch.ts).
 */
export function decideUnderLock(
  item: BuyOnce,
  locked: Record<string, unknown>,
  now: number,
): { balance: number; via: 'member' | 'owned' | 'bought' } {
  const balance = Number(locked.coin_num);
  if (locked.owned) return { balance, via: 'owned' };
  const expTime = locked.exp_time == null ? null : Number(locked.exp_time);
  const member = item.memberFree && isMemberAt(Number(locked.level_type ?? 0), expTime, now);
  return { balance, via: member ? 'member' : 'bought' };
}

/** Which of `refs` the user bought (for lists that mark owned things). */
export function ownedRefs(
  db: Conn,
  userId: number,
  kind: PurchaseKind,
  refs: string[],
): Promise<Set<string>> {
  return repo.ownedRefs(db, userId, kind, refs);
}

/**
 * Diamonds the user was charged for purchases of `kinds` since `sinceMs`. Inside a transaction
 * after `lockWallet`, the answer cannot change until commit, so a daily cap checked with it holds
 * under parallel calls.
 */
export function spentSince(
  db: Conn,
  userId: number,
  kinds: PurchaseKind[],
  sinceMs: number,
): Promise<number> {
  return repo.spentSince(db, userId, kinds, sinceMs);
}

/** How many users bought the thing: a bought chapter or episode is never deleted (0059). */
export function countBuyers(db: Conn, kind: PurchaseKind, ref: string): Promise<number> {
  return repo.countBuyers(db, kind, ref);
}
