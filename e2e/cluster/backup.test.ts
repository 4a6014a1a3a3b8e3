import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backup, RestoreRefused, restore, summarize } from '../../scripts/lib/backup.mjs';
import { NGINX, startCluster } from '../../scripts/lib/cluster.mjs';
import { pgAdmin, urlInSchema } from './global-setup.ts';
import { recharge, register, rows, send } from './traffic.ts';

const folders: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ld-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes' length, as a person comparing two folders would list them. */
const filesOf = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map(
      (e) =>
        `${path.relative(dir, path.join(e.parentPath, e.name))} ${fs.statSync(path.join(e.parentPath, e.name)).size}`,
    )
    .sort();

// `npm run backup` and `npm run restore` (issue 23 §3; docs/decisions/0056-cluster.md): a backup
// restored into an empty database has the same users, balances, ledger sums and files; a restore
// never writes over data.
describe('backups of the database and the uploads', () => {
  it.skipIf(!fs.existsSync(NGINX))(
    'on SQLite: backed up while the server runs, restored into an empty folder with everything in it (nginx)',
    async () => {
      const dataDir = tempDir('backup-sqlite');
      const cluster = await startCluster({
        processes: 1,
        dataDir,
        webDist: inject('webDist'),
        env: { SEED: '0', SCRYPT_LOG_N: '14', LOG_LEVEL: 'warn', RATE_LIMIT: 'off' },
      });
      try {
        // A recharge pack (operator data, seeded only with the demo), so a recharge can make ledger rows.
        const sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
        const packId = sqlite
          .prepare('insert into recharge_packs (price, diamonds, bonus, sort) values (3000, 300, 30, 1)')
          .run().lastInsertRowid;
        sqlite.close();
        const buyer = await register(cluster.url, 'bk');
        expect((await recharge(cluster.url, buyer, Number(packId))).acknowledged).toBe(true);
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4af' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
        const upload = await fetch(`${cluster.url}/api/user/center/uploadAvatar`, {
          method: 'POST',
          headers: { uid: buyer.uid, token: buyer.token },
          body: form,
        }).then((r) => r.json() as Promise<{ code: number }>);
        expect(upload.code).toBe(0);

        const folder = await backup({ dataDir, backupDir: tempDir('backups') });
        expect(fs.existsSync(path.join(folder, 'database.sqlite'))).toBe(true);
        const target = tempDir('restored-sqlite');
        const { summary } = await restore({ folder, dataDir: target });
        const original = await summarize({ sqliteFile: path.join(dataDir, 'portal.sqlite') });
        expect(summary).toEqual(original);
        expect(summary.users).toBe(1);
        expect(summary.balances).toBe(330);
        expect(summary.ledgerSum).toBe(330);
        expect(filesOf(path.join(target, 'uploads'))).toEqual(filesOf(path.join(dataDir, 'uploads')));
        expect(filesOf(path.join(target, 'uploads')).length).toBeGreaterThan(0);

        // The restored folder serves the same account and balance.
        const restored = await startCluster({
          processes: 1,
          dataDir: target,
          webDist: inject('webDist'),
          env: { SEED: '0', SCRYPT_LOG_N: '14', LOG_LEVEL: 'warn', RATE_LIMIT: 'off' },
        });
        try {
          const login = await send(restored.url, 'POST', '/api/user/login', {
            form: { loginName: buyer.loginName, password: 'secret123' },
          });
          expect(login.code).toBe(0);
          const me = await send(restored.url, 'POST', '/api/user/center/me', {
            form: { uid: login.body.data.uid },
            account: { ...buyer, token: login.body.data.token },
          });
          expect(me.body.data.coinNum).toBe(330);
        } finally {
          await restored.stop();
        }
        // Never over data: the same folder again is refused, and nothing changes.
        await expect(restore({ folder, dataDir: target })).rejects.toBeInstanceOf(RestoreRefused);
      } finally {
        await cluster.stop();
      }
    },
  );

  it.skipIf(inject('clusterSkip') !== '')(
    'on PostgreSQL: pg_dump of the schema, restored into an empty database',
    async () => {
      const source = inject('clusterDatabaseUrl');
      const folder = await backup({
        dataDir: inject('clusterDataDir'),
        databaseUrl: source,
        backupDir: tempDir('backups'),
      });
      const schema = new URL(source).searchParams.get('options')?.split('=')[1] as string;
      const database = `restore_${randomBytes(5).toString('hex')}`;
      const base = new URL(process.env.TEST_DATABASE_URL ?? source);
      base.search = '';
      await pgAdmin(base.toString(), `create database ${database}`);
      try {
        const target = new URL(base);
        target.pathname = `/${database}`;
        const targetUrl = urlInSchema(target.toString(), schema);
        const dataDir = tempDir('restored-pg');
        const { summary } = await restore({ folder, dataDir, databaseUrl: targetUrl });
        expect(summary).toEqual(await summarize({ databaseUrl: source }));
        expect(summary.users).toBeGreaterThan(0);
        expect(summary.ledgerRows).toBeGreaterThan(0);
        // Balances per user, not only their sum.
        const balances = 'select user_id, coin_num from wallets order by user_id';
        expect(await rows(targetUrl, balances)).toEqual(await rows(source, balances));
        // The demo keeps adding video covers while the cluster runs: every restored file is one of the
        // source's, byte for byte as long (restore itself checked each one's SHA-256 against the manifest).
        const restoredFiles = filesOf(path.join(dataDir, 'uploads'));
        expect(restoredFiles.length).toBeGreaterThan(50);
        const sourceFiles = new Set(filesOf(path.join(inject('clusterDataDir'), 'uploads')));
        expect(restoredFiles.filter((f) => !sourceFiles.has(f))).toEqual([]);
        await expect(
          restore({ folder, dataDir: tempDir('again'), databaseUrl: targetUrl }),
        ).rejects.toBeInstanceOf(RestoreRefused);
      } finally {
        await pgAdmin(base.toString(), `drop database if exists ${database} with (force)`);
      }
    },
  );
});
