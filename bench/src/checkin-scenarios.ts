import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@ld/contract/validation';
import { createDb, type Db } from '@ld/server/src/db/database.ts';
import * as accounts from '@ld/server/src/modules/accounts/repository.ts';
import { systemClock } from '@ld/server/src/platform/clock.ts';
import { hashToken, newToken } from '@ld/server/src/platform/tokens.ts';
import type autocannon from 'autocannon';
import { startPortal } from '../../e2e/src/server.ts';
import { type LoadResult, load } from './load.ts';
import type { Comparison, Figure } from './report.ts';
import { startBaseline } from './start-baseline.ts';

// Check-in (DESIGN §14): GET /api/v1/checkin (a logged-in user's status) and POST /api/v1/checkin
// (each call a first check-in of the day by another user, paid through the ledger), each next to
// the same rows read or written by the bare baseline (baseline.ts) in the same run.

/**
 * Users per side and second of load: more than a POST load can use (the bare baseline reached
 * ~4,000 calls a second on a quiet machine, and 6,000 users in all ran out there, so every call
 * after them was a repeat of the day's check-in, counted as refused).
 */
const USERS_PER_SECOND = 5000;

interface User {
  id: number;
  uid: string;
  token: string;
}

/** `count` users with a session each, made through the accounts repository. */
async function makeUsers(db: Db, count: number): Promise<User[]> {
  const run = randomBytes(4).toString('hex');
  const now = systemClock.now();
  return db.kysely.transaction().execute(async (trx) => {
    const made: User[] = [];
    for (let i = 0; i < count; i++) {
      const id = await accounts.insertUser(trx, {
        login_name: `c${run}_${i}`,
        password_hash: null,
        phone: null,
        name: `签到压测${i}`,
        avatar: null,
        invite_code: Array.from(
          randomBytes(INVITE_CODE_LENGTH),
          (b) => INVITE_CODE_ALPHABET[b % INVITE_CODE_ALPHABET.length],
        ).join(''),
        invited_by: null,
        created_at: now,
        updated_at: now,
      });
      const token = newToken();
      await accounts.insertSession(trx, { userId: id, tokenHash: hashToken(token), now });
      made.push({ id, uid: String(id), token });
    }
    return made;
  });
}

/** Today in Asia/Shanghai, as the server counts check-ins. */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** One autocannon request handing each call the next user who has not checked in today. */
function checkinRequests(users: User[], pathOf: (u: User) => string, auth: boolean) {
  const counts = { sent: 0, paid: 0, refused: 0, exhausted: 0, firstRefusal: '' };
  let next = 0;
  const request: autocannon.Request = {
    method: 'POST',
    setupRequest: (req) => {
      const k = next++;
      counts.sent = next;
      if (k >= users.length) counts.exhausted++;
      const user = users[k % users.length];
      // The baseline reads the user from the query and takes no body.
      return auth
        ? {
            ...req,
            path: pathOf(user),
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              uid: user.uid,
              token: user.token,
            },
            body: `appID=${PORTAL_APP_ID}`,
          }
        : { ...req, path: pathOf(user) };
    },
    onResponse: (_status, body) => {
      const answer = JSON.parse(body) as { code: number; msg: string };
      if (answer.code === 0) counts.paid++;
      else {
        counts.refused++;
        counts.firstRefusal ||= `code ${answer.code} ${answer.msg}`;
      }
    },
  };
  return { request, counts };
}

function warnIfFailed(name: string, result: LoadResult) {
  if (result.non2xx || result.errors)
    console.warn(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

export async function checkinScenarios(options: {
  seconds: number;
  webDist?: string;
}): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const portal = await startPortal({
    SEED: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const file = path.join(portal.dataDir, 'portal.sqlite');
  const db = createDb({ sqlitePath: file });
  const baseline = await startBaseline(file);
  const figures: Figure[] = [];
  const comparisons: Comparison[] = [];
  try {
    const users = Math.ceil(USERS_PER_SECOND * options.seconds);
    const [ours, theirs] = [await makeUsers(db, users), await makeUsers(db, users)];
    const date = today();
    // GET: a user who checked in today, as the page asks after 签到.
    const reader = ours[ours.length - 1];
    const first = await fetch(`${portal.baseUrl}/api/v1/checkin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', uid: reader.uid, token: reader.token },
      body: `appID=${PORTAL_APP_ID}`,
    });
    const checked = (await first.json()) as { code: number; msg: string };
    if (checked.code !== 0) throw new Error(`check-in answered ${checked.code}: ${checked.msg}`);
    const status = (await (
      await fetch(`${portal.baseUrl}/api/v1/checkin`, { headers: { uid: reader.uid, token: reader.token } })
    ).json()) as { code: number; data: { today: boolean } };
    if (status.code !== 0 || !status.data.today)
      throw new Error('GET /api/v1/checkin did not show the check-in');
    await fetch(`${baseline.baseUrl}/checkin?user=${theirs[0].id}&date=${date}`, { method: 'POST' });

    const get = await load({
      url: `${portal.baseUrl}/api/v1/checkin`,
      headers: { uid: reader.uid, token: reader.token },
      seconds: options.seconds,
      warmupSeconds: 1,
    });
    warnIfFailed('GET /api/v1/checkin', get);
    const baseGet = await load({
      url: `${baseline.baseUrl}/checkin?user=${theirs[0].id}&date=${date}`,
      seconds: options.seconds,
      warmupSeconds: 1,
    });
    warnIfFailed('baseline GET /checkin', baseGet);

    // POST: every call a first check-in of the day (the users left over from the GET above).
    const posting = checkinRequests(ours.slice(0, -1), () => '/api/v1/checkin', true);
    const post = await load({ url: portal.baseUrl, requests: [posting.request], seconds: options.seconds });
    warnIfFailed('POST /api/v1/checkin', post);
    const basePosting = checkinRequests(theirs.slice(1), (u) => `/checkin?user=${u.id}&date=${date}`, false);
    const basePost = await load({
      url: baseline.baseUrl,
      requests: [basePosting.request],
      seconds: options.seconds,
    });
    warnIfFailed('baseline POST /checkin', basePost);
    for (const [name, c] of [
      ['POST /api/v1/checkin', posting.counts],
      ['baseline POST /checkin', basePosting.counts],
    ] as const) {
      console.info(`${name}: ${c.paid} check-ins paid, ${c.refused} refused of ${c.sent} sent`);
      if (c.refused) console.warn(`${name}: first refusal ${c.firstRefusal}`);
      if (c.exhausted) console.warn(`${name}: ran out of users; ${c.exhausted} calls were repeats`);
    }

    // Every paid check-in is one ledger row, and no user was paid twice.
    const audit = await db.kysely
      .selectFrom('coin_ledger')
      .select((eb) => [
        eb.fn.countAll<string>().as('rows'),
        eb.fn.count<string>('user_id').distinct().as('users'),
      ])
      .where('reason', '=', 'checkin')
      .where(
        'user_id',
        'in',
        ours.map((u) => u.id),
      )
      .executeTakeFirstOrThrow();
    console.info(`check-in ledger: ${audit.rows} rows for ${audit.users} users`);

    comparisons.push(
      { name: 'GET /api/v1/checkin (logged in)', ours: get, baseline: baseGet, budget: 0.25 },
      { name: 'POST /api/v1/checkin (ledger)', ours: post, baseline: basePost, budget: 0.25 },
    );
    figures.push(
      { name: 'GET /api/v1/checkin p99', value: get.p99, unit: 'ms', budget: 100, better: 'lower' },
      // A write transaction per call, serialized by SQLite: the bare baseline's own p99 is ~120 ms here.
      { name: 'POST /api/v1/checkin p99', value: post.p99, unit: 'ms', budget: 300, better: 'lower' },
      {
        name: 'POST /api/v1/checkin refused',
        value: posting.counts.refused,
        unit: '',
        budget: 0,
        better: 'lower',
      },
      {
        name: 'check-in users paid more than once',
        value: Number(audit.rows) - Number(audit.users),
        unit: '',
        budget: 0,
        better: 'lower',
      },
    );
  } finally {
    await db.close();
    await baseline.stop();
    await portal.stop();
  }
  return { figures, comparisons };
}
