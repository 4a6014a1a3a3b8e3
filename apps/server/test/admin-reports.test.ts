import { createHmac, randomBytes } from 'node:crypto';
import type { Account } from '@ld/contract/accounts';
import {
  CHANNEL_CSV_HEADERS,
  CHANNEL_FIGURES,
  type ChannelFigures,
  type ChannelReport,
} from '@ld/contract/admin/reports';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedVipPlans } from '../src/modules/vip/seed.ts';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { getOrCreateSecret } from '../src/platform/secrets.ts';
import { adminCall, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, postForm, randomIp, type TestApp } from './helpers/app.ts';
import { createGame, createType } from './helpers/money.ts';

// 渠道报表 (issue 20 §5, decision 0062): what each channel and invite code brought per Shanghai day,
// checked against figures recomputed here straight from the rows, and the CSV Excel opens.
describeDialects('admin reports', (dialect) => {
  let t: TestApp;
  let finance: Operator;
  let packs: Array<{ id: number; price: number; diamonds: number; bonus: number }>;
  let freeGame: { id: number };
  const paidAmounts: number[] = [];

  const setClock = (iso: number) => t.clock.advance(iso - t.clock.now());
  const deviceId = () => `dev-${randomBytes(8).toString('hex')}`;
  const initDevice = (device: string, channelID: string, inviteCode = '') =>
    postForm(t.app, '/api/user/device/init', { appID: 2008, deviceID: device, channelID, inviteCode });
  const visitDownloadPage = (channelID: string, inviteCode = '') =>
    postForm(t.app, '/api/user/game/download/upload', { channelID, inviteCode });
  let registered = 0;
  const register = async (deviceID?: string, inviteCode?: string): Promise<Account> => {
    registered += 1;
    const answer = await postForm<Account>(
      t.app,
      '/api/user/registerWithName',
      {
        loginName: `rep_${registered}_${randomBytes(3).toString('hex')}`,
        password: 'secret123',
        deviceID,
        inviteCode,
      },
      undefined,
      { 'x-forwarded-for': randomIp() },
    );
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  const order = async (user: Account, packIndex: number) => {
    const res = await postForm(t.app, '/api/order/payInfo', { packId: packs[packIndex].id }, user);
    expect(res.code).toBe(0);
    return res.data as { orderId: string; amount: number };
  };
  const pay = async (o: { orderId: string; amount: number }) => {
    const secret = await getOrCreateSecret(t.deps.db, 'pay.sandbox');
    const raw = JSON.stringify({
      orderId: o.orderId,
      amount: o.amount,
      txnId: `T${o.orderId}`,
      paidAt: t.clock.now(),
    });
    const timestamp = String(Math.floor(t.clock.now() / 1000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/sandbox',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex'),
      },
    });
    expect(res.statusCode).toBe(200);
    paidAmounts.push(o.amount);
  };
  const download = (user?: Account, deviceID?: string) =>
    postForm(
      t.app,
      `/api/user/game/download/${freeGame.id}`,
      { appID: 2008, platformType: 1, deviceID },
      user,
    );
  const report = (query: Record<string, string>) =>
    adminCall<ChannelReport>(t.app, 'GET', '/reports/channels', { operator: finance, query });

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://pay.example.test' });
    await seedRechargePacks(t.deps);
    await seedVipPlans(t.deps);
    packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data;
    freeGame = await createGame(t, { typeId: await createType(t, '报表'), price: 0 });

    // 2026-11-22 12:00 in Shanghai (the test clock's start).
    const devA = deviceId();
    const devB = deviceId();
    await initDevice(devA, 'CH_A', 'INVA');
    // Opened twice the same day: one device.
    await initDevice(devA, 'CH_A', 'INVA');
    await initDevice(devB, 'CH_B');
    await initDevice(deviceId(), '');
    await visitDownloadPage('CH_A', 'INVA');
    await visitDownloadPage('CH_A', 'INVA');
    await visitDownloadPage('CH_B');
    const a = await register(devA, 'inva');
    const b = await register(devB);
    await register();
    // Signed in, the account's channel counts, whatever device it names.
    await download(a, devB);
    // A guest: under the channel that brought its device; without one, the default channel.
    await download(undefined, devB);
    await download();
    await pay(await order(a, 1));
    // 23:50 in Shanghai: B orders; A opens membership a second before midnight.
    setClock(Date.parse('2026-11-22T15:50:00Z'));
    const late = await order(b, 0);
    setClock(Date.parse('2026-11-22T15:59:59Z'));
    expect((await postForm(t.app, '/api/vip/vipopen', { vipType: 1 }, a)).code).toBe(0);
    // Midnight in Shanghai: the next day.
    setClock(Date.parse('2026-11-22T16:00:00Z'));
    await initDevice(devB, 'CH_B');
    await download(b);
    t.clock.advance(5 * 60_000);
    await pay(late);
    // Outside the range: the day after.
    setClock(Date.parse('2026-11-24T02:00:00Z'));
    await initDevice(deviceId(), 'CH_A', 'INVA');
    await register(devA);
    // Logged in after the clock moved (a session idles out after 2 hours).
    finance = await operatorOf(t, 'finance');
  });
  afterAll(() => t?.close());

  const zero = (): ChannelFigures =>
    Object.fromEntries(CHANNEL_FIGURES.map((f) => [f, 0])) as unknown as ChannelFigures;

  /** The report's rows recomputed here from the source tables, with the same Shanghai days. */
  async function recompute(from: number, to: number) {
    const db = t.deps.db.kysely;
    const dayOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
    const rows = new Map<string, ChannelFigures & { day: string; channelId: string; inviteCode: string }>();
    const bump = (ms: number, channelId: string, inviteCode: string, f: keyof ChannelFigures, by = 1) => {
      if (ms < from || ms >= to) return;
      const key = JSON.stringify([dayOf(ms), channelId, inviteCode]);
      const row = rows.get(key) ?? { day: dayOf(ms), channelId, inviteCode, ...zero() };
      row[f] += by;
      rows.set(key, row);
    };
    // Device inits count each device once a day; download-page visits count every visit.
    const devicesSeen = new Set<string>();
    for (const v of await db.selectFrom('channel_visits').selectAll().execute()) {
      const ms = Number(v.created_at);
      if (v.kind === 'download_page') bump(ms, v.channel_id, v.invite_code, 'downloadVisits');
      else {
        const once = JSON.stringify([dayOf(ms), v.channel_id, v.invite_code, v.device_id]);
        if (!devicesSeen.has(once)) bump(ms, v.channel_id, v.invite_code, 'deviceInits');
        devicesSeen.add(once);
      }
    }
    // Registrations: every account made, with the channel its sign-up was attributed to.
    const users = await db.selectFrom('users').select(['id', 'created_at']).execute();
    const channels = new Map(
      (await db.selectFrom('user_channels').selectAll().execute()).map((c) => [Number(c.user_id), c]),
    );
    for (const u of users) {
      const c = channels.get(Number(u.id));
      bump(Number(u.created_at), c?.channel_id ?? '?', c?.invite_code ?? '?', 'registrations');
    }
    for (const d of await db.selectFrom('game_downloads').selectAll().execute())
      bump(Number(d.created_at), d.channel_id, d.invite_code, 'gameDownloads');
    for (const o of await db.selectFrom('recharge_orders').selectAll().execute()) {
      bump(Number(o.created_at), o.channel_id, o.invite_code, 'rechargeOrders');
      if ((o.status === 'paid' || o.status === 'credited') && o.paid_at !== null) {
        bump(Number(o.paid_at), o.channel_id, o.invite_code, 'paidOrders');
        bump(Number(o.paid_at), o.channel_id, o.invite_code, 'paidAmount', Number(o.amount));
      }
    }
    for (const v of await db.selectFrom('vip_orders').selectAll().execute())
      bump(Number(v.created_at), v.channel_id, v.invite_code, 'vipOpens');
    return [...rows.values()].sort(
      (x, y) =>
        x.day.localeCompare(y.day) ||
        x.channelId.localeCompare(y.channelId) ||
        x.inviteCode.localeCompare(y.inviteCode),
    );
  }

  it('counts each event under its channel, invite code and Shanghai day', async () => {
    const answer = await report({ from: '2026-11-22', to: '2026-11-23' });
    expect(answer.code).toBe(0);
    const row = (day: string, channelId: string, inviteCode = '') =>
      answer.data.rows.find((r) => r.day === day && r.channelId === channelId && r.inviteCode === inviteCode);
    expect(row('2026-11-22', 'CH_A', 'INVA')).toEqual({
      day: '2026-11-22',
      channelId: 'CH_A',
      inviteCode: 'INVA',
      deviceInits: 1,
      downloadVisits: 2,
      registrations: 1,
      gameDownloads: 1,
      rechargeOrders: 1,
      paidOrders: 1,
      paidAmount: packs[1].price,
      vipOpens: 1,
    });
    expect(row('2026-11-22', 'CH_B')).toMatchObject({
      deviceInits: 1,
      downloadVisits: 1,
      registrations: 1,
      gameDownloads: 1,
      rechargeOrders: 1,
      paidOrders: 0,
    });
    // The guest's download without a device and the account made without one count under the default channel.
    expect(row('2026-11-22', '0')).toMatchObject({ deviceInits: 1, registrations: 1, gameDownloads: 1 });
    // After midnight: B's device again, B's download, and B's order paid (made the day before).
    expect(row('2026-11-23', 'CH_B')).toMatchObject({
      deviceInits: 1,
      gameDownloads: 1,
      rechargeOrders: 0,
      paidOrders: 1,
      paidAmount: packs[0].price,
    });
    expect(answer.data.byDay.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23']);
    expect(answer.data.totals).toMatchObject({
      deviceInits: 4,
      downloadVisits: 3,
      registrations: 3,
      gameDownloads: 4,
      rechargeOrders: 2,
      paidOrders: 2,
      paidAmount: paidAmounts.reduce((a, b) => a + b, 0),
      vipOpens: 1,
    });
    expect(answer.data.byChannel.map((c) => c.channelId)).toEqual(['0', 'CH_A', 'CH_B']);
    // The account itself says the same channel (what moderation's channel sends and the inbox read).
    const db = t.deps.db.kysely;
    const attributed = await db.selectFrom('user_channels').select(['user_id', 'channel_id']).execute();
    const accounts = await db.selectFrom('users').select(['id', 'channel_id']).execute();
    expect(accounts.map((u) => [Number(u.id), u.channel_id]).sort()).toEqual(
      attributed.map((c) => [Number(c.user_id), c.channel_id]).sort(),
    );
    expect(attributed.map((c) => c.channel_id).sort()).toEqual(['0', 'CH_A', 'CH_A', 'CH_B']);
  });

  it('matches the figures recomputed from the rows, over any range and filter', async () => {
    for (const [fromDay, toDay] of [
      ['2026-11-22', '2026-11-23'],
      ['2026-11-23', '2026-11-24'],
      ['2026-11-20', '2026-11-30'],
    ]) {
      const from = Date.parse(`${fromDay}T00:00:00+08:00`);
      const to = Date.parse(`${toDay}T00:00:00+08:00`) + 86_400_000;
      const answer = await report({ from: fromDay, to: toDay });
      const expected = await recompute(from, to);
      expect(answer.data.rows, `${fromDay}..${toDay}`).toEqual(expected);
      const totals = zero();
      for (const r of expected) for (const f of CHANNEL_FIGURES) totals[f] += r[f];
      expect(answer.data.totals).toEqual(totals);
      for (const day of answer.data.byDay) {
        const ofDay = expected.filter((r) => r.day === day.day);
        for (const f of CHANNEL_FIGURES) expect(day[f]).toBe(ofDay.reduce((sum, r) => sum + r[f], 0));
      }
    }
    const onlyA = await report({ from: '2026-11-20', to: '2026-11-30', channelId: 'CH_A' });
    expect(onlyA.data.rows.length).toBeGreaterThan(0);
    expect(onlyA.data.rows.every((r) => r.channelId === 'CH_A')).toBe(true);
    expect(onlyA.data.totals.registrations).toBe(2);
    const byCode = await report({ from: '2026-11-20', to: '2026-11-30', inviteCode: 'INVA' });
    expect(byCode.data.rows.every((r) => r.inviteCode === 'INVA')).toBe(true);
  });

  it('exports a CSV with a byte-order mark and Chinese headers that parses back to the report', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/reports/channels.csv?from=2026-11-22&to=2026-11-23',
      headers: { cookie: finance.cookie, 'x-forwarded-for': finance.ip },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="channel-report-2026-11-22-2026-11-23.csv"',
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]).toEqual(CHANNEL_CSV_HEADERS);
    expect(lines[0].slice(0, 4)).toEqual(['日期', '渠道', '邀请码', '设备激活']);
    const json = (await report({ from: '2026-11-22', to: '2026-11-23' })).data;
    expect(lines).toHaveLength(json.rows.length + 2);
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    json.rows.forEach((r, i) => {
      expect(lines[i + 1]).toEqual([
        r.day,
        r.channelId,
        r.inviteCode,
        ...CHANNEL_FIGURES.map((f) => (f === 'paidAmount' ? yuan(r[f]) : String(r[f]))),
      ]);
    });
    expect(lines.at(-1)?.slice(0, 3)).toEqual(['合计', '', '']);
    expect(lines.at(-1)?.[3 + CHANNEL_FIGURES.indexOf('paidAmount')]).toBe(yuan(json.totals.paidAmount));
  });

  it('defuses a channel name a spreadsheet would run as a formula', async () => {
    setClock(Date.parse('2026-11-26T02:00:00Z'));
    await visitDownloadPage('=1+2', '@x');
    finance = await operatorOf(t, 'finance');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/reports/channels.csv?from=2026-11-26&to=2026-11-26',
      headers: { cookie: finance.cookie, 'x-forwarded-for': finance.ip },
    });
    expect(res.body).toContain("\r\n2026-11-26,'=1+2,'@x,0,1,");
  });

  it('refuses a guest download naming a malformed device, naming deviceID, and counts nothing', async () => {
    const before = await t.deps.db.kysely.selectFrom('game_downloads').select('id').execute();
    const answer = await download(undefined, 'bad device!');
    expect(answer.code).not.toBe(0);
    expect(answer.msg).toContain('deviceID 须为 8-64 位字母、数字或 -');
    expect(await t.deps.db.kysely.selectFrom('game_downloads').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('answers bad ranges with 400 naming the field', async () => {
    for (const [query, field] of [
      [{ to: '2026-11-22' }, 'from'],
      [{ from: '2026-11-22' }, 'to'],
      [{ from: '22/11/2026', to: '2026-11-23' }, 'from'],
      [{ from: '2026-11-23', to: '2026-11-22' }, 'to'],
      [{ from: '2026-01-01', to: '2026-12-31' }, 'to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-11-22', to: '2026-11-23', channelId: 'x'.repeat(33) }, 'channelId'],
    ] as const) {
      const answer = await report(query as Record<string, string>);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
  });
});
