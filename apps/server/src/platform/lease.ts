import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

/**
 * Takes the lease `name` for `holder` until `now + ttlMs`, or renews it when `holder` already
 * has it. Answers whether `holder` holds it now. One statement (an upsert whose update only
 * applies when the lease is ours or has run out), so two processes racing for a free lease
 * cannot both win, on PostgreSQL and on SQLite alike.
 */
export async function acquireLease(
  db: Db,
  lease: { name: string; holder: string; ttlMs: number; now: number },
): Promise<boolean> {
  const won = await db.kysely
    .insertInto('leases')
    .values({ name: lease.name, holder: lease.holder, expires_at: lease.now + lease.ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([eb('leases.holder', '=', lease.holder), eb('leases.expires_at', '<=', lease.now)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return won?.holder === lease.holder;
}

/** Gives the lease up, so another process takes over at its next tick instead of after the expiry. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.kysely.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** The holder of a lease, when there is one and it is still live at `now`. */
export async function leaseHolder(db: Db, name: string, now: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('leases')
    .select(['holder', 'expires_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && row.expires_at > now ? row.holder : null;
}

const LEASE_SLACK_MS = 15_000;

/** A name no other runner has: host, process and a random part (two apps may share a process in tests). */
export const newHolderId = (): string => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Runs `fn` every `everyMs` in exactly one of the server processes sharing the database.
 *
 * Every process ticks; a tick takes or renews the lease `name` (valid for two periods and 15 s), and only
 * the holder runs `fn`. The holder keeps the lease while it lives, also through a run longer than
 * a period (a tick that finds the last run still going renews and skips); when it closes it gives
 * the lease up, and when it dies the lease runs out and the next process to tick takes over, so a
 * period or two may pass without a run but never two runs at once.
 *
 * `fn` must still be safe to run again (a run cut short by a crash is repeated by the next
 * holder) and should work in bounded batches. Errors are logged and the next tick runs as usual.
 * The first tick comes when the app is ready; the ticks stop when it closes.
 */
export function runPeriodic(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  fn: () => Promise<unknown>,
): void {
  const { db, clock } = app.deps;
  const holder = newHolderId();
  // Two periods, plus slack so a holder whose event loop stalls for a while (GC, a burst of
  // work) is not taken over while it is still running.
  const ttlMs = everyMs * 2 + LEASE_SLACK_MS;
  let timer: NodeJS.Timeout | null = null;
  let tickInFlight: Promise<void> | null = null;
  let run: Promise<void> | null = null;
  let closed = false;

  // A tick only takes or renews the lease and starts a run; the run goes on beside later ticks,
  // which keep renewing the lease for as long as it lasts.
  const tick = async () => {
    const held = await acquireLease(db, { name, holder, ttlMs, now: clock.now() });
    if (!held || run || closed) return;
    run = fn()
      .then(
        () => undefined,
        (err) => app.log.error({ err, job: name }, 'periodic job failed'),
      )
      .finally(() => {
        run = null;
      });
  };

  const startTick = () => {
    if (tickInFlight || closed) return;
    tickInFlight = tick()
      .catch((err) => app.log.error({ err, job: name }, 'periodic job could not take its lease'))
      .finally(() => {
        tickInFlight = null;
      });
  };

  // The first tick comes at start, so work that fell due while no process ran is done at once.
  app.addHook('onReady', async () => {
    startTick();
    timer = setInterval(startTick, everyMs);
    timer.unref();
  });

  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await tickInFlight;
    await run;
    await releaseLease(db, name, holder).catch((err) =>
      app.log.warn({ err, job: name }, 'could not give up a lease; it runs out by itself'),
    );
  });
}
