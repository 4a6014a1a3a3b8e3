import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startPortal } from '../../e2e/src/server.ts';
import { measureHomeFirstLoad } from './bundle.ts';
import { load } from './load.ts';
import { type Figure, printFigures } from './report.ts';

/**
 * `npm run bench`: builds the SPA, starts the real portal (SQLite, demo content, production
 * password cost, per-IP limits off so the load measures the work and not the limiter) and prints
 * each figure next to its budget. Loads go to loopback only and stop by themselves.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'apps/web/dist');

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const portal = await startPortal({ RATE_LIMIT: 'off', SCRYPT_LOG_N: '17', LOG_LEVEL: 'error' });
const figures: Figure[] = [];
try {
  const bundle = await measureHomeFirstLoad(portal.baseUrl, dist);
  console.info(`home first load: ${bundle.files.join(', ')}`);
  figures.push({
    name: 'home first-load JS (gzip)',
    value: bundle.jsKb,
    unit: 'KB',
    budget: 120,
    better: 'lower',
  });
  figures.push({
    name: 'home first-load CSS (gzip)',
    value: bundle.cssKb,
    unit: 'KB',
    budget: 20,
    better: 'lower',
  });

  const form = (fields: Record<string, string>) =>
    new URLSearchParams({ appID: '2008', ...fields }).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  const login = await fetch(`${portal.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: formHeaders,
    body: form({ loginName: 'demo', password: 'demo123456' }),
  }).then((r) => r.json() as Promise<{ data: { uid: string; token: string } }>);
  const { uid, token } = login.data;

  const me = await load({
    url: `${portal.baseUrl}/api/user/center/me`,
    method: 'POST',
    headers: { ...formHeaders, uid, token },
    body: form({ uid }),
  });
  figures.push({
    name: 'user/center/me req/s',
    value: me.rps,
    unit: 'req/s',
    budget: 1000,
    better: 'higher',
  });
  figures.push({ name: 'user/center/me p99', value: me.p99, unit: 'ms', budget: 50, better: 'lower' });

  // Each login runs scrypt with N=2^17, r=8 (128 MiB, most of a second of one core): slow on purpose
  // (DESIGN §8), so the budget is per core: one connection per core, each login under a second.
  const loginLoad = await load({
    url: `${portal.baseUrl}/api/user/login`,
    method: 'POST',
    headers: formHeaders,
    body: form({ loginName: 'demo', password: 'demo123456' }),
    connections: 2,
    seconds: 8,
  });
  figures.push({
    name: 'login req/s (scrypt N=2^17, 2 conns)',
    value: loginLoad.rps,
    unit: 'req/s',
    budget: 2,
    better: 'higher',
  });
  figures.push({ name: 'login p99', value: loginLoad.p99, unit: 'ms', budget: 1000, better: 'lower' });

  for (const [name, result] of [
    ['me', me],
    ['login', loginLoad],
  ] as const) {
    if (result.non2xx || result.errors)
      console.warn(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
} finally {
  await portal.stop();
}

const ok = printFigures(figures);
console.info(`\nreproduce: npm run bench   (2 cores; figures vary a few percent between runs)`);
process.exitCode = ok ? 0 : 1;
