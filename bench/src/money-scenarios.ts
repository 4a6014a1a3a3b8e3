import path from 'node:path';
import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { createDb } from '@ld/server/src/db/database.ts';
import type autocannon from 'autocannon';
import type { RunningPortal } from '../../e2e/src/server.ts';
import { checkLedger } from './ledger-check.ts';
import { type LoadResult, load } from './load.ts';
import { type Buyer, fundedBuyers, type PaidGame, paidGames } from './money-setup.ts';
import type { Figure } from './report.ts';

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) =>
  new URLSearchParams({ appID: String(PORTAL_APP_ID), ...fields }).toString();
/** (buyer, paid game) pairs to hand out: more than the load can use, so every download measured is a paid one. */
const PAIRS = 24_000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Game list (page 1, one type) and paid downloads on the demo database, then the ledger audit. */
export async function moneyScenarios(portal: RunningPortal, options: { seconds: number }): Promise<Figure[]> {
  const figures: Figure[] = [];
  const listUrl = `${portal.baseUrl}/api/web/game/list`;
  const types = (await (await fetch(`${portal.baseUrl}/api/v1/game/types`)).json()) as Envelope<
    Array<{ id: number; name: string }>
  >;
  for (const [name, fields] of [
    ['game list page 1', { currentPage: '1', pageSize: '10' }],
    [
      `game list type ${types.data[0].name}`,
      { currentPage: '1', pageSize: '10', type: String(types.data[0].id) },
    ],
  ] as const) {
    const body = form(fields);
    const page = (await (
      await fetch(listUrl, { method: 'POST', headers: formHeaders, body })
    ).json()) as Envelope<{
      records: unknown[];
    }>;
    if (page.code !== 0 || page.data.records.length === 0)
      throw new Error(`${name}: code ${page.code} ${page.msg}`);
    const result = await load({
      url: listUrl,
      method: 'POST',
      headers: formHeaders,
      body,
      seconds: options.seconds,
      warmupSeconds: 1,
    });
    warnIfFailed(name, result);
    figures.push(
      { name: `${name} req/s`, value: result.rps, unit: 'req/s', budget: 1000, better: 'higher' },
      { name: `${name} p99`, value: result.p99, unit: 'ms', budget: 50, better: 'lower' },
    );
  }

  // Set-up and audit go straight to the portal's database file, through the app's own modules.
  const db = createDb({ sqlitePath: path.join(portal.dataDir, 'portal.sqlite') });
  try {
    const games = await paidGames(db);
    const buyers = await fundedBuyers(
      db,
      Math.ceil(PAIRS / games.length),
      games.reduce((s, g) => s + g.price, 0),
    );
    const downloads = downloadRequests(buyers, games);
    await load({ url: portal.baseUrl, requests: [downloads.request], seconds: 1 });
    downloads.counts.paid = 0;
    const result = await load({
      url: portal.baseUrl,
      requests: [downloads.request],
      seconds: options.seconds,
    });
    warnIfFailed('paid downloads', result);
    const { paid, refused, exhausted, firstRefusal } = downloads.counts;
    if (refused) console.warn(`paid downloads: ${refused} refused, first: ${firstRefusal}`);
    if (exhausted)
      console.warn(`paid downloads: ran out of (buyer, game) pairs; ${exhausted} repeats were free`);
    console.info(
      `paid downloads: ${paid} in ${result.seconds} s by ${buyers.length} buyers over ${games.length} games`,
    );
    figures.push(
      {
        name: 'paid downloads/s (ledger, 20 conns)',
        value: paid / result.seconds,
        unit: '/s',
        budget: 200,
        better: 'higher',
      },
      { name: 'paid download p99', value: result.p99, unit: 'ms', budget: 100, better: 'lower' },
      { name: 'paid downloads refused', value: refused, unit: '', budget: 0, better: 'lower' },
    );

    const audit = await checkLedger(
      db,
      buyers.map((b) => b.id),
    );
    console.info(
      `ledger audit: ${audit.purchases} purchases for ${downloads.counts.paidAll} charged answers and ${downloads.counts.sent} calls sent; ${JSON.stringify(audit)}`,
    );
    figures.push(
      { name: 'users whose balance ≠ ledger', value: audit.mismatched, unit: '', budget: 0, better: 'lower' },
      { name: 'negative balances', value: audit.negative, unit: '', budget: 0, better: 'lower' },
      {
        name: 'purchases without one ledger row',
        value: audit.unpaidPurchases,
        unit: '',
        budget: 0,
        better: 'lower',
      },
      {
        // A stopped load leaves up to one call per connection in flight: recorded, never answered.
        name: 'purchases not between charged answers and calls sent',
        value:
          Math.max(0, downloads.counts.paidAll - audit.purchases) +
          Math.max(0, audit.purchases - downloads.counts.sent),
        unit: '',
        budget: 0,
        better: 'lower',
      },
      {
        name: 'diamonds appeared or vanished',
        value: Math.abs(audit.drift),
        unit: '',
        budget: 0,
        better: 'lower',
      },
    );
  } finally {
    await db.close();
  }
  return figures;
}

/**
 * One autocannon request that hands each call the next unused (buyer, game) pair: buyer k mod B,
 * and over successive rounds every game once, so concurrent calls are by different users for
 * different games, and each is a first purchase that must be charged.
 */
export function downloadRequests(buyers: Buyer[], games: PaidGame[]) {
  const counts = { sent: 0, paid: 0, paidAll: 0, refused: 0, exhausted: 0, firstRefusal: '' };
  let next = 0;
  const request: autocannon.Request = {
    method: 'POST',
    setupRequest: (req) => {
      const k = next++;
      counts.sent = next;
      if (k >= buyers.length * games.length) counts.exhausted++;
      const buyer = buyers[k % buyers.length];
      const game = games[(Math.floor(k / buyers.length) + (k % buyers.length)) % games.length];
      return {
        ...req,
        path: `/api/user/game/download/${game.id}`,
        headers: { ...formHeaders, uid: buyer.uid, token: buyer.token },
        body: form({ platformType: '1' }),
      };
    },
    onResponse: (_status, body) => {
      const answer = JSON.parse(body) as Envelope<{ charged: number } | null>;
      if (answer.code === 0 && answer.data && answer.data.charged > 0) {
        counts.paid++;
        counts.paidAll++;
      } else if (answer.code !== 0) {
        counts.refused++;
        counts.firstRefusal ||= `code ${answer.code} ${answer.msg}`;
      }
    },
  };
  return { request, counts };
}

export function warnIfFailed(name: string, result: LoadResult) {
  if (result.non2xx || result.errors)
    console.warn(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}
