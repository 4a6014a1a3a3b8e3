import type { PurchaseKind } from '@ld/contract/wallet';
import { type RawBuilder, sql } from 'kysely';
import { type Conn, commitWithNextStatement } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import { batchesInFlight } from '../../platform/batches-in-flight.ts';
import type { Deps } from '../../platform/deps.ts';
import { membershipColumns } from '../vip/public.ts';
import { balanceInsufficient, debitEachAfter, lockWalletsReading } from '../wallet/public.ts';
import * as repo from './repository.ts';
import { type BuyOnce, type BuyOnceResult, buyOnce, checkPurchase, decideUnderLock } from './service.ts';

/**
 * What a seller hands `createBuyBatcher`: its kind and the writes that go with every purchase of
 * it whatever it answers (a download's row and counter), in the batch's form and in one purchase's.
 */
export interface BatchedSale<Extra> {
  kind: PurchaseKind;
  /** A batch's writes, CTEs over `batch` (columns `n`, `user_id`, `ref`, `extra` jsonb: `Extra`). */
  alongside: (batch: RawBuilder<unknown>) => readonly repo.AlongsideWrite[];
  /**
   * Locks, in a fixed order, the rows `alongside` updates that other batches update too (a game's
   * counter): taken after the wallets, as one purchase takes them, so no two batches wait on each
   * other in a cycle.
   */
  lockAlongside?: (conn: Conn, extras: readonly Extra[]) => Promise<void>;
  /** One purchase's writes (SQLite; a buyer with no wallet row yet; a batch that failed). */
  single: (extra: Extra, userId: number) => readonly repo.AlongsideWrite[];
}

interface Pending<Extra> {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  item: BuyOnce;
  extra: Extra;
  resolve: (result: BuyOnceResult) => void;
  reject: (error: unknown) => void;
}

/** Batches in flight per process: one fills while another commits. */
const IN_FLIGHT = 2;
/** Purchases per batch at most: a statement text per size, each kept by every connection. */
const BATCH_MAX = 16;

/**
 * Paid purchases of one kind bought together on PostgreSQL (docs/decisions/0056-cluster.md, "Paid
 * downloads in batches"): the purchases that arrive while earlier ones are being committed wait
 * and then go in one transaction of three statements, however many they are: the buyers' wallets
 * locked in user order with their memberships and ownership read, the seller's rows locked, then
 * every purchase row, debit, ledger row and seller's write in one statement with COMMIT. Each buyer
 * gets exactly what `buyOnce` would answer: a short balance is refused (code 1001) with nothing
 * written for it, and the others' purchases go on. A buyer appears once per batch (a second
 * purchase waits for the next one); a buyer with no wallet row yet, and every purchase of a batch
 * the database refused (a deadlock, say: it rolled back whole), take `buyOnce` one by one. With
 * none in flight a purchase goes at once, alone: no purchase waits for company. On SQLite, which
 * runs one transaction at a time, every purchase is `buyOnce`.
 */
export function createBuyBatcher<Extra>(sale: BatchedSale<Extra>) {
  const one = (p: Pending<Extra>) =>
    p.deps.db.kysely
      .transaction()
      .execute((trx) =>
        buyOnce(p.deps, p.item, trx, { alongside: sale.single(p.extra, p.item.userId), last: true }),
      )
      .then(p.resolve, p.reject);

  const runBatch = async (deps: Pick<Deps, 'db' | 'clock' | 'config'>, batch: Pending<Extra>[]) => {
    let outcome: Outcome[];
    try {
      outcome = await deps.db.kysely.transaction().execute((trx) => buyTogether(deps, trx, batch));
    } catch (error) {
      // PostgreSQL refused the batch and rolled it back (a deadlock, a check): one by one, each
      // to its own answer. Anything else (the connection lost) may have committed: answered as is.
      if (!isDatabaseError(error)) {
        for (const p of batch) p.reject(error);
        return;
      }
      await Promise.all(batch.map(one));
      return;
    }
    const alone: Pending<Extra>[] = [];
    batch.forEach((p, i) => {
      const o = outcome[i]!;
      if (o.kind === 'done') p.resolve(o.result);
      else if (o.kind === 'refused') p.reject(o.error);
      else alone.push(p);
    });
    await Promise.all(alone.map(one));
  };

  // Every pending purchase of one database carries the same app's deps.
  const together = batchesInFlight<Deps['db'], Pending<Extra>>({
    inFlight: IN_FLIGHT,
    take,
    run: (_db, batch) => runBatch(batch[0]!.deps, batch),
  });

  type Outcome =
    | { kind: 'done'; result: BuyOnceResult }
    | { kind: 'refused'; error: unknown }
    | { kind: 'alone' };

  const buyTogether = async (
    deps: Pick<Deps, 'clock' | 'config'>,
    trx: Conn,
    batch: Pending<Extra>[],
  ): Promise<Outcome[]> => {
    const now = deps.clock.now();
    const locked = await lockWalletsReading(
      trx,
      sql`${repo.valuesList(
        ['int', 'bigint', 'text'],
        batch.map((p, n) => [n, p.item.userId, p.item.ref]),
      )} as batch(n, user_id, ref)`,
      ['n'],
      [
        membershipColumns(sql.ref('batch.user_id')),
        repo.ownedColumn({ userId: sql.ref('batch.user_id'), kind: sale.kind, ref: sql.ref('batch.ref') }),
      ],
    );
    const outcome: Outcome[] = batch.map(() => ({ kind: 'alone' }));
    const rows: repo.BatchRow[] = [];
    const kept: Extra[] = [];
    for (const row of locked) {
      const n = Number(row.n);
      const { item, extra } = batch[n]!;
      const { balance, via } = decideUnderLock(item, row, now);
      const charge = via === 'bought';
      if (charge && balance < item.price) {
        outcome[n] = { kind: 'refused', error: balanceInsufficient(deps.config, balance, item.price) };
        continue;
      }
      outcome[n] = { kind: 'done', result: { charged: 0, coinNum: balance, via } };
      rows.push({
        n,
        userId: item.userId,
        ref: item.ref,
        price: item.price,
        charge,
        note: item.note ?? '',
        extra: JSON.stringify(extra),
      });
      kept.push(extra);
    }
    if (kept.length === 0) return outcome;
    await sale.lockAlongside?.(trx, kept);
    await commitWithNextStatement(trx);
    const after = await repo.chargePurchases(
      trx,
      sale.kind,
      rows,
      now,
      debitEachAfter('debits', { reason: sale.kind, now }),
      sale.alongside(sql.table('batch')),
    );
    for (const row of rows) {
      const o = outcome[row.n]!;
      if (o.kind !== 'done' || !row.charge) continue;
      const balance = after.get(row.userId);
      // Owned after all (cannot happen under the lock; the purchase row's unique key decides).
      if (balance === undefined) o.result = { ...o.result, via: 'owned' };
      else o.result = { charged: row.price, coinNum: balance, via: 'bought' };
    }
    return outcome;
  };

  /**
   * Buys `item` (of the sale's kind) as `buyOnce` would, with the sale's writes for `extra`, in
   * the next batch. Rejects as `buyOnce` does (1001 for a short balance).
   */
  return (deps: Pick<Deps, 'db' | 'clock' | 'config'>, item: BuyOnce, extra: Extra): Promise<BuyOnceResult> =>
    new Promise<BuyOnceResult>((resolve, reject) => {
      const p: Pending<Extra> = { deps, item: { ...item, kind: sale.kind }, extra, resolve, reject };
      checkPurchase(p.item);
      // Free things take no lock and write nothing of the purchase's: nothing to batch.
      if (!onPostgres(deps.db.kysely) || item.price === 0) return void one(p);
      together(deps.db, p);
    });
}

/** The next batch: the first waiting purchase of each buyer, in order of arrival, at most BATCH_MAX. */
function take<Extra>(waiting: readonly Pending<Extra>[]) {
  const batch: Pending<Extra>[] = [];
  const rest: Pending<Extra>[] = [];
  const buyers = new Set<number>();
  for (const p of waiting) {
    if (batch.length < BATCH_MAX && !buyers.has(p.item.userId)) {
      buyers.add(p.item.userId);
      batch.push(p);
    } else rest.push(p);
  }
  return { batch, rest };
}

/** An error PostgreSQL answered (with a SQLSTATE): the statement failed, the transaction rolled back. */
function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error) || !('severity' in error)) return false;
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}
