import { PORTAL_APP_ID } from '@ld/contract/defaults';
import pg from 'pg';

/** One answer over real HTTP; `status` 0 when no answer came (connection refused, reset, timeout). */
export interface Outcome {
  status: number;
  code: number | null;
  body: any;
  servedBy: string | null;
  error: string | null;
}

/** A request through nginx (or straight to a process) with a deadline, so nothing can hang the test. */
export async function send(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { form?: Record<string, string | number>; account?: Account; timeoutMs?: number } = {},
): Promise<Outcome> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.account) Object.assign(headers, { uid: options.account.uid, token: options.account.token });
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(
      Object.fromEntries(
        Object.entries({ appID: PORTAL_APP_ID, ...options.form }).map(([k, v]) => [k, String(v)]),
      ),
    ).toString();
  } else if (method === 'POST') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = `appID=${PORTAL_APP_ID}`;
  }
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let parsed: any = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return {
      status: res.status,
      code: typeof parsed?.code === 'number' ? parsed.code : null,
      body: parsed,
      servedBy: res.headers.get('x-served-by'),
      error: null,
    };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    return { status: 0, code: null, body: null, servedBy: null, error: e.cause?.code ?? e.name };
  }
}

export interface Account {
  uid: string;
  token: string;
  loginName: string;
}

let made = 0;
/** A new account, registered through the API. */
export async function register(base: string, prefix = 'c'): Promise<Account> {
  const loginName = `${prefix}${Date.now().toString(36)}${(made++).toString(36)}`.slice(0, 20);
  const answer = await send(base, 'POST', '/api/user/registerWithName', {
    form: { loginName, password: 'secret123' },
  });
  if (answer.code !== 0) throw new Error(`register failed: ${JSON.stringify(answer)}`);
  return { uid: answer.body.data.uid, token: answer.body.data.token, loginName };
}

/**
 * Buys diamonds the way a phone does: an order for the pack, then the sandbox checkout's 确认支付,
 * which sends the signed notify. Answers the order id and whether the confirm was acknowledged
 * (its 303 back to the recharge page).
 */
export async function recharge(
  base: string,
  account: Account,
  packId: number,
): Promise<{ orderId: string | null; acknowledged: boolean; outcomes: Outcome[] }> {
  const order = await send(base, 'POST', '/api/order/payInfo', { form: { packId }, account });
  if (order.code !== 0) return { orderId: null, acknowledged: false, outcomes: [order] };
  const orderId = order.body.data.orderId as string;
  const confirm = await send(base, 'POST', `/api/v1/pay/sandbox/checkout/${orderId}/confirm`);
  return { orderId, acknowledged: confirm.status === 303, outcomes: [order, confirm] };
}

/** The paid games of the demo catalogue with an Android package, cheapest first. */
export async function paidGames(base: string): Promise<Array<{ id: number; price: number }>> {
  const list = await send(base, 'POST', '/api/web/game/list', { form: { pageSize: 100 } });
  const games = (list.body.data.records as Array<{ id: number; onlineType: number; buyAmount: number }>)
    .filter((g) => g.onlineType !== 0 && g.buyAmount > 0)
    .map((g) => ({ id: g.id, price: g.buyAmount }));
  return games.sort((a, b) => a.price - b.price);
}

/** Runs `task` in `workers` loops until `until()` says stop; every outcome is kept. */
export async function load<T>(workers: number, until: () => boolean, task: (worker: number) => Promise<T>) {
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (!until()) results.push(await task(worker));
    }),
  );
  return results;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DESIGN §7 over the whole schema, as an auditor would check it after the faults: every balance
 * is the sum of its ledger deltas and its last balance_after, nothing is below zero, every game
 * purchase has exactly one ledger row, no user bought a game twice, and every credited order has
 * exactly one ledger row.
 */
export async function auditLedger(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []) =>
      Number((await client.query(text, values)).rows[0].n);
    return {
      mismatched: await one(`
        select count(*) as n from users u left join wallets w on w.user_id = u.id
        where coalesce(w.coin_num, 0) <> coalesce((select sum(l.delta) from coin_ledger l where l.user_id = u.id), 0)
           or coalesce(w.coin_num, 0) <> coalesce((select l.balance_after from coin_ledger l where l.user_id = u.id order by l.id desc limit 1), 0)`),
      negative: await one(`
        select (select count(*) from wallets where coin_num < 0) + (select count(*) from coin_ledger where balance_after < 0) as n`),
      purchasesWithoutOneLedgerRow: await one(`
        select count(*) as n from purchases p where p.kind = 'game' and (select count(*) from coin_ledger l
          where l.reason = 'game' and l.ref = cast(p.id as varchar(64)) and l.user_id = p.user_id and l.delta = -p.price) <> 1`),
      gamesBoughtTwice: await one(`
        select count(*) as n from (select user_id, ref from purchases where kind = 'game' group by user_id, ref having count(*) > 1) t`),
      creditedOrdersWithoutOneLedgerRow: await one(`
        select count(*) as n from recharge_orders o where o.status = 'credited' and (select count(*) from coin_ledger l
          where l.user_id = o.user_id and l.reason = 'recharge' and l.ref = o.order_no and l.delta = o.diamonds) <> 1`),
    };
  } finally {
    await client.end();
  }
}

/** Rows of `query` on the cluster's database. */
export async function rows<T = any>(
  databaseUrl: string,
  query: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query, values)).rows as T[];
  } finally {
    await client.end();
  }
}
