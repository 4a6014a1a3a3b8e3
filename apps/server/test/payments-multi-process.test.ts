import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { reconcileOrders } from '../src/modules/wallet/reconcile.ts';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { postForm } from './helpers/app.ts';
import { logSink } from './helpers/logs.ts';
import { createUser, ledgerOf } from './helpers/money.ts';
import { PUBLIC_URL } from './helpers/payments.ts';
import { pgAdmin } from './helpers/pg-admin.ts';
import { rsaPair } from './helpers/vendors/keys.ts';
import { startWechatFake, type WechatFake } from './helpers/vendors/wechat-pay-api.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000091912025112500000000000003';
const MCH_SERIAL = '3775B6A45ACD588826D15E583A95F5DD00000003';

// Two server apps on one database (a SQLite file, or a PostgreSQL schema with Redis), each on its
// own port, as two processes behind nginx would be: notifies and queries for one order arrive at
// both at once, and the order is credited once.
for (const setup of ['sqlite', 'postgres'] as const) {
  const skip = setup === 'postgres' && !(databaseUrl && redisUrl);
  describe.skipIf(skip)(
    `payments across two apps on ${setup === 'sqlite' ? 'one SQLite file' : 'PostgreSQL and Redis'}`,
    () => {
      const merchant = rsaPair();
      const wechatPublic = rsaPair();
      const apiV3Key = randomBytes(16).toString('hex');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-pay2-'));
      const schema = `pay2_${randomBytes(5).toString('hex')}`;
      const clock = new ManualClock(Date.parse('2026-11-22T04:00:00Z'));
      const dbs: Db[] = [];
      const apps: FastifyInstance[] = [];
      const origins: string[] = [];
      let fake: WechatFake;

      beforeAll(async () => {
        fake = await startWechatFake({
          appId: 'wx8888888888888888',
          mchId: '1900009191',
          mchSerial: MCH_SERIAL,
          merchantPublicKey: merchant.publicKey,
          apiV3Key,
          publicKey: { serial: PUBLIC_KEY_ID, key: wechatPublic.privateKey },
          platform: { serial: 'NONE', key: wechatPublic.privateKey },
          now: () => clock.now(),
        });
        if (setup === 'postgres') await pgAdmin(`create schema ${schema}`);
        for (let i = 0; i < 2; i++) {
          dbs.push(
            setup === 'postgres'
              ? createDb({ databaseUrl, pgSchema: schema, poolSize: 8 })
              : createDb({ sqlitePath: path.join(dataDir, 'portal.sqlite') }),
          );
        }
        await migrateToLatest(dbs[0].kysely, setup === 'postgres' ? schema : undefined);
        for (const db of dbs) {
          const config = loadConfig({
            DATA_DIR: dataDir,
            ...(setup === 'postgres' ? { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } : {}),
            SEED: '0',
            SCRYPT_LOG_N: '14',
            WEB_DIST: path.join(dataDir, 'no-web'),
            PUBLIC_URL,
            PAY_PROVIDERS: 'wechat',
            WECHATPAY_APP_ID: 'wx8888888888888888',
            WECHATPAY_MCH_ID: '1900009191',
            WECHATPAY_MCH_SERIAL: MCH_SERIAL,
            WECHATPAY_PRIVATE_KEY: merchant.privatePem,
            WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
            WECHATPAY_PUBLIC_KEY: wechatPublic.publicPem,
            WECHATPAY_API_V3_KEY: apiV3Key,
            WECHATPAY_BASE_URL: fake.url,
          });
          const app = await buildApp({ config, db, clock, logger: { level: 'warn', stream: logSink } });
          origins.push(await app.listen({ port: 0, host: '127.0.0.1' }));
          apps.push(app);
        }
        await seedRechargePacks(apps[0].deps);
      });

      afterAll(async () => {
        for (const app of apps) await app.close();
        for (const db of dbs) await db.close();
        await fake.close();
        if (setup === 'postgres') await pgAdmin(`drop schema if exists ${schema} cascade`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it('credits once when 100 replays and both apps’ query jobs meet one payment', async () => {
        const t = { deps: apps[0].deps, clock };
        const user = await createUser(t as never);
        const packs = await dbs[0].kysely.selectFrom('recharge_packs').select('id').orderBy('sort').execute();
        const order = await postForm(apps[1], '/api/order/payInfo', { packId: packs[1].id }, user);
        expect(order.code).toBe(0);
        const tx = fake.transactions.get(order.data.orderId)!;
        tx.trade_state = 'SUCCESS';
        const notice = fake.notifyFor(tx);
        clock.advance(3 * 60_000);
        // Notifies to both ports, and each app's job asking WeChat Pay at the same moment.
        const notifies = Array.from({ length: 100 }, (_, i) =>
          fetch(`${origins[i % 2]}/api/v1/pay/notify/wechat`, {
            method: 'POST',
            headers: notice.headers,
            body: notice.body,
          }).then((r) => r.status),
        );
        const [statuses, ...jobs] = await Promise.all([
          Promise.all(notifies),
          reconcileOrders(apps[0].deps),
          reconcileOrders(apps[1].deps),
        ]);
        expect(new Set(statuses)).toEqual(new Set([204]));
        expect(jobs.reduce((n, r) => n + r.credited, 0)).toBeLessThanOrEqual(1);
        const ledger = await ledgerOf(t as never, user.id);
        expect(ledger).toHaveLength(1);
        expect(Number(ledger[0].delta)).toBe(330);
        const row = await dbs[1].kysely
          .selectFrom('recharge_orders')
          .select(['status', 'txn_id'])
          .where('order_no', '=', order.data.orderId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'credited', txn_id: tx.transaction_id });
      });
    },
  );
}
