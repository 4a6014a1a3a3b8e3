import type { Progress } from '@ld/contract/content';
import { afterEach, describe, expect, it } from 'vitest';
import { useAccountStore } from '../../../shared/stores/account';
import { fakeServer } from '../../../testing/fake-server';
import { TEST_ACCOUNT } from '../../../testing/render';
import { startOffline } from '../lib/offline-start';
import { PROGRESS_QUEUE_KEY } from '../lib/progress-queue-key';
import { flushProgressQueue, type NovelProgressInput, putProgress, queuedProgress } from './put-progress';

const save = (workId: number, paragraph: number, clientTime: number): NovelProgressInput => ({
  workId,
  unitId: 100 + workId,
  position: { paragraph, offset: 0 },
  clientTime,
});

const answer = (body: { workId: number; unitId: number; clientTime: number }): Progress => ({
  kind: 'novel',
  workId: body.workId,
  unitId: body.unitId,
  unitTitle: '第1章',
  unitIndex: 1,
  position: { paragraph: 0, offset: 0 },
  percent: 1,
  clientTime: body.clientTime,
  readTime: new Date().toISOString(),
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

afterEach(() => setOnline(true));

describe('progress saved without a network', () => {
  it('is queued (newest per book) and sent when the network is back', async () => {
    useAccountStore.getState().setAccount(TEST_ACCOUNT);
    const server = fakeServer().on('PUT /v1/progress', (r) => answer(r.json as NovelProgressInput));
    setOnline(false);
    expect(await putProgress(save(1, 2, 1000))).toBeNull();
    expect(await putProgress(save(1, 5, 2000))).toBeNull();
    // An older save arriving late does not replace the newer one.
    expect(await putProgress(save(1, 3, 1500))).toBeNull();
    expect(await putProgress(save(2, 7, 1800))).toBeNull();
    expect(server.requestsTo('PUT /v1/progress')).toHaveLength(0);
    expect(queuedProgress(TEST_ACCOUNT.uid).map((e) => [e.workId, e.position.paragraph])).toEqual([
      [1, 5],
      [2, 7],
    ]);

    startOffline();
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => localStorage.getItem(PROGRESS_QUEUE_KEY)).toBeNull();
    const sent = server.requestsTo('PUT /v1/progress').map((r) => r.json as NovelProgressInput);
    expect(sent.map((b) => [b.workId, b.position.paragraph, b.clientTime])).toEqual([
      [1, 5, 2000],
      [2, 7, 1800],
    ]);
  });

  it('goes out at start-up when the page opens online (the sender loads only then)', async () => {
    useAccountStore.getState().setAccount(TEST_ACCOUNT);
    setOnline(false);
    await putProgress(save(3, 9, 3000));
    setOnline(true);
    const server = fakeServer().on('PUT /v1/progress', (r) => answer(r.json as NovelProgressInput));

    startOffline();
    await expect.poll(() => server.requestsTo('PUT /v1/progress').length).toBe(1);
    expect(server.requestsTo('PUT /v1/progress')[0].json).toMatchObject({ workId: 3, clientTime: 3000 });
    await expect.poll(() => localStorage.getItem(PROGRESS_QUEUE_KEY)).toBeNull();
  });

  it('sends nothing queued by another account', async () => {
    useAccountStore.getState().setAccount({ ...TEST_ACCOUNT, uid: '7' });
    setOnline(false);
    await putProgress(save(1, 2, 1000));
    setOnline(true);
    useAccountStore.getState().setAccount(TEST_ACCOUNT);
    const server = fakeServer();
    expect(await flushProgressQueue()).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(localStorage.getItem(PROGRESS_QUEUE_KEY)).toBeNull();
  });
});
