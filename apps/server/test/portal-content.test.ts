import type { Account } from '@ld/contract/accounts';
import { configPageSchema } from '@ld/contract/client-config';
import { bulletinSchema } from '@ld/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../src/modules/accounts/seed.ts';
import { seedBulletins } from '../src/modules/bulletins/seed.ts';
import { seedClientConfig } from '../src/modules/client-config/seed.ts';
import { seedMessages } from '../src/modules/messages/seed.ts';
import { seedSupport } from '../src/modules/support/seed.ts';
import {
  call,
  createTestApp,
  describeDialects,
  latestSmsCode,
  postForm,
  randomIp,
  type TestApp,
} from './helpers/app.ts';

describeDialects('bulletin, faq, client config and devices', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const db = () => t.deps.db.kysely;

  describe('GET /api/v1/bulletin', () => {
    it('answers null when there is none, then the newest active one of the posType', async () => {
      expect(await call(t.app, 'GET', '/api/v1/bulletin', { query: { posType: 1 } })).toMatchObject({
        status: 200,
        code: 0,
        data: null,
      });
      const now = t.clock.now();
      await db()
        .insertInto('bulletins')
        .values([
          { pos_type: 1, title: '旧公告', content: '<p>旧</p>', is_active: 1, created_at: now - 3000 },
          { pos_type: 1, title: '新公告', content: '<p>新</p>', is_active: 1, created_at: now - 2000 },
          { pos_type: 1, title: '已下线', content: '<p>下线</p>', is_active: 0, created_at: now - 1000 },
          { pos_type: 2, title: '活动公告', content: '<p>活动</p>', is_active: 1, created_at: now },
        ])
        .execute();
      const first = await call(t.app, 'GET', '/api/v1/bulletin', { query: { posType: 1 } });
      expect(bulletinSchema.parse(first.data)).toEqual(first.data);
      expect(first.data).toEqual({
        id: expect.any(Number),
        title: '新公告',
        content: '<p>新</p>',
        createTime: new Date(now - 2000).toISOString(),
      });
      expect((await call(t.app, 'GET', '/api/v1/bulletin', { query: { posType: 2 } })).data.title).toBe(
        '活动公告',
      );
      expect((await call(t.app, 'GET', '/api/v1/bulletin')).data.title).toBe('新公告');
    });

    it.each(['0', '-1', 'abc', '1.5'])('answers 400 for posType=%s', async (posType) => {
      const res = await call(t.app, 'GET', '/api/v1/bulletin', { query: { posType } });
      expect(res.status).toBe(400);
      expect(res.msg).toBe('posType: posType 须为正整数');
    });
  });

  describe('GET /api/v1/faq', () => {
    it('lists questions in their sort order', async () => {
      await db()
        .insertInto('faqs')
        .values([
          { question: '第二问', answer: '答二', sort: 20 },
          { question: '第一问', answer: '答一', sort: 10 },
        ])
        .execute();
      const res = await call(t.app, 'GET', '/api/v1/faq');
      expect(res.code).toBe(0);
      expect(res.data).toEqual([
        { id: expect.any(Number), question: '第一问', answer: '答一' },
        { id: expect.any(Number), question: '第二问', answer: '答二' },
      ]);
    });
  });

  describe('GET /api/v1/square/config/list', () => {
    it('pages the table rows plus the app title and currency name', async () => {
      await db()
        .insertInto('client_config')
        .values([
          { key: 'bundleUrl', value: 'https://cdn.example.com/bundle' },
          { key: 'zFeature', value: 'on' },
        ])
        .execute();
      const res = await call(t.app, 'GET', '/api/v1/square/config/list', { query: { pageSize: 99 } });
      expect(res.code).toBe(0);
      expect(configPageSchema.parse(res.data)).toEqual(res.data);
      expect(res.data).toEqual({
        records: [
          { key: 'appTitle', value: '蓝钻乐园' },
          { key: 'bundleUrl', value: 'https://cdn.example.com/bundle' },
          { key: 'currencyName', value: '蓝钻' },
          { key: 'zFeature', value: 'on' },
        ],
        total: 4,
        size: 99,
        current: 1,
        pages: 1,
        nextCursor: null,
      });
      const second = await call(t.app, 'GET', '/api/v1/square/config/list', {
        query: { pageSize: 3, currentPage: 2 },
      });
      expect(second.data).toMatchObject({ records: [{ key: 'zFeature' }], total: 4, pages: 2, current: 2 });
    });

    it.each([
      [{ pageSize: 0 }, 'pageSize: pageSize 最小为 1'],
      [{ pageSize: 500 }, 'pageSize: pageSize 最大为 100'],
      [{ currentPage: 'x' }, 'currentPage: currentPage 必须是整数'],
    ])('answers 400 naming the field for %j', async (query, msg) => {
      const res = await call(t.app, 'GET', '/api/v1/square/config/list', { query });
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
    });

    it('lets the environment override rows, and the server enforces the phone switch', async () => {
      const configured = await createTestApp(dialect, {
        BUNDLE_URL: 'https://env.example.com/bundle',
        PACKAGE_URL: 'https://env.example.com/app.apk',
        PHONE_LOGIN_AUTO_REGISTER: '0',
        CONTACT_URL: 'https://kefu.example.com',
        BUSINESS_EMAIL: 'bd@example.com',
        APP_TITLE: '测试乐园',
      });
      try {
        await configured.deps.db.kysely
          .insertInto('client_config')
          .values([
            { key: 'bundleUrl', value: 'https://row.example.com/bundle' },
            { key: 'phoneLoginAutoRegister', value: '1' },
          ])
          .execute();
        const res = await call(configured.app, 'GET', '/api/v1/square/config/list', {
          query: { pageSize: 99 },
        });
        const values = Object.fromEntries(
          res.data.records.map((r: { key: string; value: string }) => [r.key, r.value]),
        );
        expect(values).toEqual({
          appTitle: '测试乐园',
          bundleUrl: 'https://env.example.com/bundle',
          businessEmail: 'bd@example.com',
          contactUrl: 'https://kefu.example.com',
          currencyName: '蓝钻',
          packageUrl: 'https://env.example.com/app.apk',
          phoneLoginAutoRegister: '0',
        });

        const phone = '13700001111';
        await postForm(configured.app, '/api/user/smsCode', { phone, type: 'login' });
        const code = await latestSmsCode(configured.app, phone);
        const login = await postForm(configured.app, '/api/user/loginWithPhone', { phone, code });
        expect(login).toMatchObject({ code: 1, msg: '该手机号未注册，请使用账号注册或联系客服' });
      } finally {
        await configured.close();
      }
    });
  });

  describe('POST /api/user/device/init', () => {
    const init = (body: Record<string, string | number>) =>
      postForm(t.app, '/api/user/device/init', body, undefined, { 'x-forwarded-for': randomIp() });
    const visits = (deviceId: string) =>
      db().selectFrom('channel_visits').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
    const device = { appID: 2008, deviceID: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', deviceType: 'h5', osType: 3 };

    it('records the device once, keeps its first channel and logs each visit', async () => {
      const first = await init({ ...device, channelID: 'ch_a', inviteCode: 'ABCD2345' });
      expect(first).toMatchObject({
        status: 200,
        code: 0,
        data: { deviceID: device.deviceID, channelID: 'ch_a' },
      });
      t.clock.advance(60_000);
      const again = await init({ ...device, channelID: 'ch_b' });
      expect(again.data).toEqual({ deviceID: device.deviceID, channelID: 'ch_a' });

      const rows = await db()
        .selectFrom('devices')
        .selectAll()
        .where('device_id', '=', device.deviceID)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        channel_id: 'ch_a',
        invite_code: 'ABCD2345',
        device_type: 'h5',
        os_type: 3,
      });
      expect(rows[0].last_seen_at - rows[0].created_at).toBe(60_000);
      expect(await visits(device.deviceID)).toMatchObject([
        { kind: 'device_init', channel_id: 'ch_a', invite_code: 'ABCD2345' },
        { kind: 'device_init', channel_id: 'ch_b', invite_code: '' },
      ]);
    });

    it('defaults the channel to 0', async () => {
      const res = await init({ appID: 2008, deviceID: 'ffffeeee0000111122223333' });
      expect(res.data).toEqual({ deviceID: 'ffffeeee0000111122223333', channelID: '0' });
    });

    it.each([
      [{ appID: 2008 }, 'deviceID: 缺少 deviceID'],
      [{ appID: 2008, deviceID: 'short' }, 'deviceID: deviceID 须为 8-64 位字母、数字或 -'],
      [{ appID: 2008, deviceID: 'bad id with spaces' }, 'deviceID: deviceID 须为 8-64 位字母、数字或 -'],
      [{ deviceID: '1234567890abcdef' }, 'appID: 缺少 appID'],
      [{ appID: 1, deviceID: '1234567890abcdef' }, 'appID: 未知的应用编号'],
      [{ appID: 2008, deviceID: '1234567890abcdef', osType: 'ios' }, 'osType: osType 须为整数'],
      [
        { appID: 2008, deviceID: '1234567890abcdef', channelID: 'c'.repeat(33) },
        'channelID: channelID 最多 32 位',
      ],
    ])('answers 400 naming the field for %j and records nothing', async (body, msg) => {
      const res = await init(body);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
      expect(
        await db().selectFrom('devices').selectAll().where('device_id', '=', '1234567890abcdef').execute(),
      ).toEqual([]);
    });
  });

  describe('POST /api/user/game/download/upload', () => {
    const downloadVisits = () =>
      db()
        .selectFrom('channel_visits')
        .selectAll()
        .where('kind', '=', 'download_page')
        .orderBy('id')
        .execute();

    it('counts a download page visit by channel and invite code, without login', async () => {
      const res = await postForm(t.app, '/api/user/game/download/upload', {
        channelID: 'ch_dl',
        inviteCode: 'ZXCV2345',
      });
      expect(res).toMatchObject({ status: 200, code: 0, data: null });
      const bare = await postForm(t.app, '/api/user/game/download/upload', {});
      expect(bare.code).toBe(0);
      expect((await downloadVisits()).slice(-2)).toMatchObject([
        { channel_id: 'ch_dl', invite_code: 'ZXCV2345', device_id: null },
        { channel_id: '0', invite_code: '' },
      ]);
    });

    it('answers 400 for an overlong invite code and records nothing', async () => {
      const before = (await downloadVisits()).length;
      const res = await postForm(t.app, '/api/user/game/download/upload', { inviteCode: 'x'.repeat(40) });
      expect(res).toMatchObject({ status: 400, msg: 'inviteCode: inviteCode 最多 32 位' });
      expect(await downloadVisits()).toHaveLength(before);
    });
  });
});

describe('API document', () => {
  it('documents every accounts-capability call, each body with its fields and the required ones', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      type Body = { content: Record<string, { schema: { properties?: object; required?: string[] } }> };
      const paths = res.json().paths as Record<
        string,
        Record<string, { requestBody?: Body; responses?: Record<string, unknown> }>
      >;
      // Each call with its documented body fields, the required ones marked `!`. Logout sends no
      // body (headers only); the avatar goes as multipart, which the document does not describe.
      const calls: Record<string, string[]> = {
        '/api/user/device/init': ['appID!', 'channelID', 'deviceID!', 'deviceType', 'osType', 'inviteCode'],
        '/api/user/game/download/upload': ['channelID', 'inviteCode'],
        '/api/user/smsCode': ['phone!', 'type!'],
        '/api/user/registerWithName': ['loginName!', 'password!', 'inviteCode', 'deviceID'],
        '/api/user/login': ['loginName!', 'password!'],
        '/api/user/loginWithPhone': ['phone!', 'code!', 'inviteCode', 'deviceID'],
        '/api/user/loginPhoneWithoutRegister': ['phone!', 'code!', 'inviteCode', 'deviceID'],
        '/api/user/bind': ['phone!', 'code!'],
        '/api/user/resetPassword': ['newPassword!', 'oldPassword', 'phone', 'code'],
        '/api/user/logout': [],
        '/api/user/center/me': ['uid'],
        '/api/user/center/updateInfo': ['uid', 'name', 'sex', 'age'],
        '/api/user/center/uploadAvatar': [],
        '/api/user/center/message/all': ['uid', 'currentPage', 'pageSize', 'cursor'],
        '/api/user/message': ['id'],
        '/api/user/kefu': ['content!', 'contact', 'kind'],
      };
      for (const [path, fields] of Object.entries(calls)) {
        const operation = paths[path]?.post;
        expect(operation, path).toBeDefined();
        expect(operation?.responses?.['200'], path).toBeDefined();
        const schema = operation?.requestBody?.content['application/json']?.schema;
        const documented = Object.keys(schema?.properties ?? {}).map((field) =>
          schema?.required?.includes(field) ? `${field}!` : field,
        );
        expect(documented, path).toEqual(fields);
      }
      for (const path of ['/api/v1/bulletin', '/api/v1/faq', '/api/v1/square/config/list']) {
        expect(paths[path]?.get?.responses?.['200'], path).toBeDefined();
      }
    } finally {
      await t.close();
    }
  });
});

describeDialects('demo seed', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  // How fast seeding runs is for `npm run bench`, not for a test on a busy machine.
  it('seeds a demo account that logs in, with an inbox, a bulletin, the FAQ and the config', async () => {
    // Each module seeds its own tables: the account, its inbox, the bulletin, the FAQ, the config.
    for (const seed of [seedAccounts, seedMessages, seedBulletins, seedSupport, seedClientConfig])
      await seed(t.deps);

    const login = await postForm<Account>(t.app, '/api/user/login', {
      loginName: 'demo',
      password: 'demo123456',
    });
    expect(login.code).toBe(0);
    expect(login.data).toMatchObject({ name: '蓝钻玩家', needBind: 0 });
    const status = await postForm(t.app, '/api/user/center/me', {}, login.data);
    expect(status.data.phone).toBe('138****8000');

    const inbox = await postForm(t.app, '/api/user/center/message/all', { pageSize: 20 }, login.data);
    expect(inbox.data.total).toBeGreaterThanOrEqual(6);
    expect(inbox.data.unread).toBeGreaterThan(0);
    expect(inbox.data.unread).toBeLessThan(inbox.data.total);

    const bulletin = await call(t.app, 'GET', '/api/v1/bulletin', { query: { posType: 1 } });
    expect(bulletin.data.title).toBe('欢迎来到蓝钻乐园');
    expect(bulletin.data.content).toMatch(/^<p>/);

    const faq = await call(t.app, 'GET', '/api/v1/faq');
    expect(faq.data.length).toBeGreaterThanOrEqual(8);
    const topics = faq.data.map((f: { question: string }) => f.question).join(' ');
    for (const word of ['注册', '蓝钻', '会员', '下载', '礼包']) expect(topics).toContain(word);

    const config = await call(t.app, 'GET', '/api/v1/square/config/list', { query: { pageSize: 99 } });
    expect(config.data.records).toContainEqual({ key: 'phoneLoginAutoRegister', value: '1' });
  });
});
