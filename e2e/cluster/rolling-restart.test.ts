import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/lib/cluster.mjs';
import {
  type Account,
  auditLedger,
  load,
  type Outcome,
  paidGames,
  recharge,
  register,
  send,
} from './traffic.ts';

// Each process in turn stopped with SIGTERM and started again, under load (issue 23 §3;
// docs/decisions/0056-cluster.md): a stopping process refuses new connections (nginx goes to the
// other), finishes what it holds and closes each connection after its answer, so not one request
// fails, reads or writes.
describe.skipIf(inject('clusterSkip') !== '')('a rolling restart under load, on PostgreSQL and Redis', () => {
  const databaseUrl = inject('clusterDatabaseUrl');
  let cluster: Cluster;
  let output = '';

  beforeAll(async () => {
    cluster = await startCluster({
      processes: 2,
      databaseUrl,
      redisUrl: inject('clusterRedisUrl'),
      dataDir: inject('clusterDataDir'),
      webDist: inject('webDist'),
      env: { SEED: '0', SCRYPT_LOG_N: '14', LOG_LEVEL: 'warn', RATE_LIMIT: 'off' },
      log: (text, server) => {
        output += text
          .split('\n')
          .filter(Boolean)
          .map((line) => `${server.port} ${line}\n`)
          .join('');
      },
    });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('answers every request while each process is stopped and started in turn', async () => {
    const base = cluster.url;
    const games = await paidGames(base);
    const buyers: Account[] = [];
    for (let i = 0; i < 4; i++) buyers.push(await register(base, 'roll'));
    for (const buyer of buyers) expect((await recharge(base, buyer, 6)).acknowledged).toBe(true);

    let stop = false;
    const outcomes: Array<{ what: string; outcome: Outcome }> = [];
    const turn = new Map<string, number>();
    const traffic = Promise.all([
      load(
        4,
        () => stop,
        async (w) => {
          const url = ['/api/v1/square/post/list?sort=1&pageSize=10', '/api/v1/wallet/packs'][w % 2];
          outcomes.push({ what: `GET ${url}`, outcome: await send(base, 'GET', url) });
        },
      ),
      load(
        buyers.length,
        () => stop,
        async (w) => {
          const buyer = buyers[w];
          const i = turn.get(buyer.uid) ?? 0;
          turn.set(buyer.uid, i + 1);
          if (i % 4 === 3) {
            const r = await recharge(base, buyer, 1);
            for (const outcome of r.outcomes) outcomes.push({ what: 'recharge', outcome });
            return;
          }
          const gameId = games[i % games.length].id;
          const outcome = await send(base, 'POST', `/api/user/game/download/${gameId}`, {
            form: { platformType: 1 },
            account: buyer,
          });
          outcomes.push({ what: `download ${gameId}`, outcome });
        },
      ),
      load(
        2,
        () => stop,
        async () => {
          outcomes.push({
            what: 'game list',
            outcome: await send(base, 'POST', '/api/web/game/list', { form: { pageSize: 10 } }),
          });
        },
      ),
    ]);

    const exits: Array<number | string> = [];
    for (const index of cluster.servers.keys()) exits.push(await cluster.restart(index, 'SIGTERM'));
    stop = true;
    await traffic;

    expect(exits).toEqual([0, 0]);
    const failed = outcomes.filter(({ outcome }) => outcome.status === 0 || outcome.status >= 500);
    const nginxSaid = cluster
      .nginxErrors()
      .split('\n')
      .filter((l) => /reset|prematurely|timed out|no live|\[error\]/.test(l));
    expect(failed, `${nginxSaid.join('\n')}\n${output}`).toEqual([]);
    // Business answers only: 0, or 1001 once a buyer's diamonds ran out.
    expect(
      outcomes.filter(({ outcome }) => outcome.code !== null && ![0, 1001].includes(outcome.code)),
    ).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(100);
    // Both processes answered before and after their restart.
    const servedBy = new Set(outcomes.map(({ outcome }) => outcome.servedBy));
    for (const server of cluster.servers) {
      expect([...servedBy].some((name) => name?.endsWith(`:${server.port}`))).toBe(true);
    }
    expect(await auditLedger(databaseUrl)).toMatchObject({
      mismatched: 0,
      negative: 0,
      purchasesWithoutOneLedgerRow: 0,
    });
  });
});
