import { PORTAL_APP_ID } from '@ld/contract/defaults';
import type { RunningPortal } from '../../e2e/src/server.ts';
import { load } from './load.ts';
import type { Figure } from './report.ts';

const form = (fields: Record<string, string>) =>
  new URLSearchParams({ appID: String(PORTAL_APP_ID), ...fields }).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** The demo account's status under load, and logins at the production password cost. */
export async function accountScenarios(portal: RunningPortal): Promise<Figure[]> {
  const figures: Figure[] = [];
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
  return figures;
}
