import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl } from '../src/fixtures.ts';
import { type Account, type Outcome, paidGames, recharge, register, send } from './traffic.ts';

const balance = async (account: Account) =>
  (await send(baseUrl(), 'POST', '/api/user/center/me', { form: { uid: account.uid }, account })).body.data
    .coinNum as number;

/** The same call `n` times, so least_conn spreads it over both processes. */
const repeated = (n: number, call: () => Promise<Outcome>) => Promise.all(Array.from({ length: n }, call));

// The money and square scenarios over real HTTP, through nginx, on two processes sharing
// PostgreSQL and Redis (issue 23 §3): whichever process answers, the answer is the same.
describe.skipIf(inject('clusterSkip') !== '')(
  'money and the square through nginx and two processes on PostgreSQL and Redis',
  () => {
    it('spreads requests over both processes and names the one that answered', async () => {
      const answers = await repeated(12, () => send(baseUrl(), 'GET', '/api/v1/wallet/packs'));
      const names = new Set(answers.map((a) => a.servedBy));
      expect(names.size).toBe(2);
      for (const name of names) expect(name).toMatch(/^.+:\d+$/);
    });

    it('keeps a busy client on one connection past a thousand requests', async () => {
      // An app polling the API keeps its connection: nginx does not close it after its 1,000th
      // request (its default), which clients that send the next request at once met as errors.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const sockets = new Set<unknown>();
      let closing = 0;
      try {
        for (let i = 0; i < 1_100; i++) {
          await new Promise<void>((resolve, reject) => {
            const request = http.get(`${baseUrl()}/api/live`, { agent }, (response) => {
              sockets.add(response.socket);
              if (response.headers.connection === 'close' || response.statusCode !== 200) closing++;
              response.resume().on('end', resolve).on('error', reject);
            });
            request.on('error', reject);
          });
        }
      } finally {
        agent.destroy();
      }
      expect(closing).toBe(0);
      expect(sockets.size).toBe(1);
    });

    it('charges a paid download once, whichever process takes each try', async () => {
      const buyer = await register(baseUrl(), 'api');
      const [game] = await paidGames(baseUrl());
      const refused = await send(baseUrl(), 'POST', `/api/user/game/download/${game.id}`, {
        form: { platformType: 1 },
        account: buyer,
      });
      expect(refused.code).toBe(1001);
      expect((await recharge(baseUrl(), buyer, 1)).acknowledged).toBe(true);
      expect(await balance(buyer)).toBe(60);
      // Six tries at once: one pays, the others find it bought.
      const tries = await repeated(6, () =>
        send(baseUrl(), 'POST', `/api/user/game/download/${game.id}`, {
          form: { platformType: 1 },
          account: buyer,
        }),
      );
      expect(tries.every((t) => t.code === 0)).toBe(true);
      expect(tries.filter((t) => t.body.data.charged > 0).map((t) => t.body.data.charged)).toEqual([
        game.price,
      ]);
      expect(new Set(tries.map((t) => t.servedBy)).size).toBe(2);
      const balances = await Promise.all(Array.from({ length: 6 }, () => balance(buyer)));
      expect(new Set(balances)).toEqual(new Set([60 - game.price]));
      const ledger = await send(baseUrl(), 'POST', '/api/user/center/coin/all', {
        form: { uid: buyer.uid, currentPage: 1 },
        account: buyer,
      });
      expect(ledger.body.data.records.map((r: { delta: number }) => r.delta)).toEqual([-game.price, 60]);
    });

    it('credits a recharge once when the checkout is confirmed twice, on both processes', async () => {
      const buyer = await register(baseUrl(), 'api');
      const order = await send(baseUrl(), 'POST', '/api/order/payInfo', {
        form: { packId: 2 },
        account: buyer,
      });
      const orderId = order.body.data.orderId;
      const confirms = await repeated(4, () =>
        send(baseUrl(), 'POST', `/api/v1/pay/sandbox/checkout/${orderId}/confirm`),
      );
      expect(confirms.every((c) => c.status === 303)).toBe(true);
      expect(await balance(buyer)).toBe(order.body.data.diamonds);
    });

    it('logs in with the SMS code another process sent (the inbox lives in Redis)', async () => {
      const phone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      expect(
        (await send(baseUrl(), 'POST', '/api/user/smsCode', { form: { phone, type: 'login' } })).code,
      ).toBe(0);
      const codes = await repeated(4, () => send(baseUrl(), 'GET', `/api/v1/dev/sms/latest?phone=${phone}`));
      const code = codes[0].body.data.code;
      expect(codes.every((c) => c.body.data.code === code)).toBe(true);
      const login = await send(baseUrl(), 'POST', '/api/user/loginWithPhone', { form: { phone, code } });
      expect(login.code).toBe(0);
    });

    it('shows a post, its comment and its like from both processes at once', async () => {
      const author = await register(baseUrl(), 'api');
      const reader = await register(baseUrl(), 'api');
      const tags = await send(baseUrl(), 'GET', '/api/v1/square/tag/list');
      const tagId = tags.body.data[0].id;
      const post = await fetch(`${baseUrl()}/api/v1/square/post`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', uid: author.uid, token: author.token },
        body: JSON.stringify({ content: `两个进程都看得到 ${Date.now()}`, tagId, images: [] }),
      }).then((r) => r.json() as Promise<{ code: number; data: { id: number } }>);
      expect(post.code).toBe(0);
      const id = post.data.id;
      const comment = await send(baseUrl(), 'POST', `/api/v1/square/post/${id}/comment`, {
        form: { content: '沙发' },
        account: reader,
      });
      expect(comment.code).toBe(0);
      const like = await send(baseUrl(), 'POST', `/api/v1/square/post/${id}/like`, { account: reader });
      expect(like.code).toBe(0);
      const views = await repeated(6, () => send(baseUrl(), 'GET', `/api/v1/square/post/${id}`));
      expect(new Set(views.map((v) => v.servedBy)).size).toBe(2);
      for (const view of views) expect(view.body.data).toMatchObject({ commentCount: 1, likeCount: 1 });
    });
  },
);
