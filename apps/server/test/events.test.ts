import { createHmac } from 'node:crypto';
import type { Account } from '@ld/contract/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerWithName } from '../src/modules/accounts/service.ts';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { createEventBus, type DomainEvent, type EventType } from '../src/platform/events.ts';
import { getOrCreateSecret } from '../src/platform/secrets.ts';
import {
  call,
  createTestApp,
  DIALECTS,
  latestSmsCode,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { createUser } from './helpers/money.ts';
import { createPost, insertSquareFixtures } from './helpers/square.ts';

describe('the event bus', () => {
  it('runs handlers in the order added, only for their type, and can remove one', async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.on('square.postPublished', async (_trx, e) => void seen.push(`a${e.postId}`));
    const off = bus.on('square.postPublished', async (_trx, e) => void seen.push(`b${e.postId}`));
    bus.on('wallet.rechargeCredited', async () => void seen.push('wrong type'));
    const trx = { isTransaction: true } as never;
    await bus.emit(trx, { type: 'square.postPublished', userId: 1, postId: 7 });
    off();
    await bus.emit(trx, { type: 'square.postPublished', userId: 1, postId: 8 });
    expect(seen).toEqual(['a7', 'b7', 'a8']);
  });

  it('refuses an emit outside a transaction, so an effect cannot outlive a rolled-back cause', async () => {
    const bus = createEventBus();
    await expect(
      bus.emit({ isTransaction: false } as never, { type: 'square.postPublished', userId: 1, postId: 1 }),
    ).rejects.toThrow('must be emitted inside the transaction');
  });
});

describe.each(DIALECTS)('domain events on %s', (dialect) => {
  let t: TestApp;
  let tagId: number;
  let seen: DomainEvent[];
  const offs: Array<() => void> = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    tagId = (await insertSquareFixtures(t.app)).tagIds[0];
    await seedRechargePacks(t.deps);
  });
  afterAll(() => t.close());
  afterEach(() => {
    for (const off of offs.splice(0)) off();
  });

  /** Records every event of the types in the order emitted. */
  function record(...types: EventType[]) {
    seen = [];
    for (const type of types) offs.push(t.deps.events.on(type, async (_trx, e) => void seen.push(e)));
  }

  const inbox = async (account: Pick<Account, 'uid' | 'token'>) =>
    (await postForm(t.app, '/api/user/center/message/all', { pageSize: 20 }, account)).data;

  describe('account.registered', () => {
    it('fires once at name registration, with the invite code, its owner and the device', async () => {
      const inviter = await registerUser(t.app);
      const me = await postForm(t.app, '/api/user/center/me', {}, inviter);
      record('account.registered');
      const res = await postForm<Account>(
        t.app,
        '/api/user/registerWithName',
        {
          loginName: `ev_${Date.now().toString(36)}`,
          password: 'secret123',
          inviteCode: me.data.inviteCode.toLowerCase(),
          deviceID: 'device-0001-abcd',
        },
        undefined,
        { 'x-forwarded-for': randomIp() },
      );
      expect(res.code).toBe(0);
      expect(seen).toEqual([
        {
          type: 'account.registered',
          userId: Number(res.data.uid),
          via: 'name',
          inviteCode: me.data.inviteCode,
          invitedBy: Number(inviter.uid),
          deviceId: 'device-0001-abcd',
        },
      ]);
    });

    it('fires for a first phone login only, and carries an unknown invite code without an owner', async () => {
      const phone = `139${String(Date.now()).slice(-8)}`;
      const login = async () => {
        t.clock.advance(61_000);
        await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
          'x-forwarded-for': randomIp(),
        });
        const code = await latestSmsCode(t.app, phone);
        return postForm<Account>(
          t.app,
          '/api/user/loginWithPhone',
          { phone, code, inviteCode: 'nobody99' },
          undefined,
          { 'x-forwarded-for': randomIp() },
        );
      };
      record('account.registered');
      const first = await login();
      expect(first.data.newAccount).toBe(1);
      expect(seen).toEqual([
        { type: 'account.registered', userId: Number(first.data.uid), via: 'phone', inviteCode: 'NOBODY99' },
      ]);
      const again = await login();
      expect(again.data.newAccount).toBe(0);
      expect(seen).toHaveLength(1);
    });

    it('puts the welcome message in the inbox through its handler', async () => {
      const account = await registerUser(t.app);
      const messages = (await inbox(account)).records;
      expect(messages).toHaveLength(1);
      expect(messages[0].title).toBe('欢迎来到蓝钻乐园');
    });

    it('rolls the account back with a handler that fails', async () => {
      const loginName = `evfail_${Date.now().toString(36)}`;
      offs.push(
        t.deps.events.on('account.registered', async () => {
          throw new Error('the invite reward could not be paid');
        }),
      );
      await expect(registerWithName(t.deps, { loginName, password: 'secret123' })).rejects.toThrow(
        'the invite reward could not be paid',
      );
      const rows = await t.deps.db.kysely
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', loginName)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('square.postPublished', () => {
    it('fires with the new post, and not for a post that was refused', async () => {
      const author = await registerUser(t.app);
      record('square.postPublished');
      const post = await createPost(t.app, author, { content: '今天的事件测试', tagId });
      expect(post.code).toBe(0);
      const refused = await createPost(t.app, author, { content: '这里有外挂', tagId });
      expect(refused.code).not.toBe(0);
      expect(seen).toEqual([
        { type: 'square.postPublished', userId: Number(author.uid), postId: post.data.id },
      ]);
    });
  });

  describe('wallet.rechargeCredited', () => {
    it('fires once per order however often the notify is delivered', async () => {
      const user = await createUser(t);
      const packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data;
      const order = (await postForm(t.app, '/api/order/payInfo', { packId: packs[1].id }, user)).data;
      const secret = await getOrCreateSecret(t.deps.db, 'pay.sandbox');
      const raw = JSON.stringify({
        orderId: order.orderId,
        amount: order.amount,
        txnId: `T${order.orderId}`,
        paidAt: t.clock.now(),
      });
      const timestamp = String(Math.floor(t.clock.now() / 1000));
      const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
      record('wallet.rechargeCredited');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/pay/notify/sandbox',
            payload: raw,
            headers: {
              'content-type': 'application/json',
              'x-sandbox-timestamp': timestamp,
              'x-sandbox-signature': signature,
            },
          }),
        ),
      );
      expect(answers.every((a) => a.body === 'success')).toBe(true);
      expect(seen).toEqual([
        {
          type: 'wallet.rechargeCredited',
          userId: user.id,
          orderId: order.orderId,
          diamonds: order.diamonds,
        },
      ]);
    });
  });
});
