import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { probe, runFfmpeg } from '../src/modules/videos/ffmpeg.ts';
import { UNREADABLE_VIDEO } from '../src/modules/videos/public.ts';
import { seedVideos, startDemoVideos, stopDemoVideos } from '../src/modules/videos/seed.ts';
import { AppError } from '../src/platform/errors.ts';
import { acquireLease, releaseLease } from '../src/platform/lease.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createVideo, drawClip, removeClips } from './helpers/videos.ts';

// A video enters the system through ingestVideo (DESIGN §13, docs/decisions/0038-videos.md):
// probed by ffmpeg, kept as H.264/AAC MP4, a WebP cover from the frame at 1 s; a file ffmpeg
// cannot read is refused with a Chinese message and leaves no file and no row.

describeDialects('videos: ingestion and demo content', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await removeClips();
  });

  const uploads = () => path.join(t.deps.config.dataDir, 'uploads');
  async function storedFiles(): Promise<string[]> {
    const found: string[] = [];
    for (const folder of ['video-files', 'video-covers']) {
      const names = await fsp.readdir(path.join(uploads(), folder)).catch(() => [] as string[]);
      found.push(...names.map((n) => `${folder}/${n}`));
    }
    return found.sort();
  }
  async function rowCounts() {
    const db = t.deps.db.kysely;
    const [videos, works, units] = await Promise.all([
      db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('works')
        .where('kind', '=', 'video')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('units')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return [Number(videos.n), Number(works.n), Number(units.n)];
  }
  async function videoCount(app: TestApp): Promise<number> {
    const row = await app.deps.db.kysely
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  /** A demo start's error handler that fails the test. */
  const fail = (error: unknown) => {
    throw error;
  };
  async function expectRefused(file: string, categoryId?: number) {
    const before = [await storedFiles(), await rowCounts()];
    const error = await createVideo(t, file, { categoryId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, message: `file: ${UNREADABLE_VIDEO}` });
    expect([await storedFiles(), await rowCounts()]).toEqual(before);
  }

  it('refuses files ffmpeg cannot read as a video, storing nothing', async () => {
    const folder = path.dirname(await drawClip(`whole-${dialect}.mp4`));
    const noise = path.join(folder, `noise-${dialect}.mp4`);
    await fsp.writeFile(noise, Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256)));
    await expectRefused(noise);
    const empty = path.join(folder, `empty-${dialect}.mp4`);
    await fsp.writeFile(empty, Buffer.alloc(0));
    await expectRefused(empty);
    const text = path.join(folder, `text-${dialect}.mp4`);
    await fsp.writeFile(text, '这不是视频'.repeat(100));
    await expectRefused(text);
    await expectRefused(path.join(folder, 'missing.mp4'));
    // Half of an MP4 whose index (moov) sits at the end.
    const whole = await fsp.readFile(path.join(folder, `whole-${dialect}.mp4`));
    const half = path.join(folder, `half-${dialect}.mp4`);
    await fsp.writeFile(half, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectRefused(half);
  });

  it('refuses sound without a picture', async () => {
    const clip = await drawClip(`sound-${dialect}.mp4`);
    const folder = path.dirname(clip);
    const audio = path.join(folder, `audio-${dialect}.m4a`);
    await runFfmpeg(
      ['-y', '-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:a', 'aac', audio],
      30_000,
    );
    await expectRefused(audio);
  });

  it('removes what it stored when the database write fails', async () => {
    const clip = await drawClip(`orphan-${dialect}.mp4`);
    const before = [await storedFiles(), await rowCounts()];
    // No such category: the work's foreign key refuses it after the files were stored.
    const error = await createVideo(t, clip, { categoryId: 987_654 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect([await storedFiles(), await rowCounts()]).toEqual(before);
  });

  it('transcodes WebM (VP8/Vorbis) to H.264/AAC MP4 and takes a WebP cover', async () => {
    const webm = await drawClip(`clip-${dialect}.webm`, { format: 'webm', seconds: 2 });
    const video = await createVideo(t, webm, { title: '转码' });
    const stored = await probe(path.join(uploads(), video.fileKey));
    expect(stored).toMatchObject({
      video: { codec: 'h264', width: 160, height: 90 },
      audio: { codec: 'aac' },
    });
    expect(video.durationMs).toBeGreaterThan(1900);
    expect(video.durationMs).toBeLessThan(2200);
    const cover = await fsp.readFile(path.join(uploads(), video.cover.replace('/uploads/', '')));
    expect(cover.subarray(0, 4).toString()).toBe('RIFF');
    expect(cover.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('keeps a silent MP4, and covers a clip shorter than a second from its middle', async () => {
    const silent = await createVideo(t, await drawClip(`silent-${dialect}.mp4`, { format: 'silent-mp4' }));
    expect(await probe(path.join(uploads(), silent.fileKey))).toMatchObject({
      video: { codec: 'h264' },
      audio: null,
    });
    const short = await createVideo(t, await drawClip(`short-${dialect}.mp4`, { seconds: 0.5 }));
    expect(short.durationMs).toBeLessThan(1000);
    expect(await t.deps.storage.exists(short.cover.replace('/uploads/', ''))).toBe(true);
  });

  it('seeds 16 demo videos in 4 categories, each with a cover and a duration, free, VIP and priced', async () => {
    const fresh = await createTestApp(dialect);
    try {
      const started = Date.now();
      await seedVideos(fresh.deps);
      const seeded = Date.now() - started;
      // The clips come in the background: stopped half way, what is in is whole, and nothing else is stored.
      const count = () => videoCount(fresh);
      while ((await count()) < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      await stopDemoVideos(fresh.deps);
      const partial = await count();
      expect(partial).toBeLessThan(16);
      const stored = async (folder: string) =>
        (await fsp.readdir(path.join(fresh.deps.config.dataDir, 'uploads', folder))).length;
      expect([await stored('video-files'), await stored('video-covers')]).toEqual([partial, partial]);
      // The next start makes the missing ones.
      await startDemoVideos(fresh.deps, fail);
      console.info(
        `seedVideos on ${dialect}: ${seeded} ms before start-up, all 16 in ${Date.now() - started} ms`,
      );
      expect(await count()).toBe(16);
      const categories = await call(fresh.app, 'GET', '/api/v1/video/categories');
      expect(categories.data).toHaveLength(4);
      const list = await call(fresh.app, 'GET', '/api/v1/video/list', { query: { pageSize: 100 } });
      expect(list.data.total).toBe(16);
      const records = list.data.records as Array<{
        id: number;
        title: string;
        cover: string;
        duration: number;
        price: number;
        vip: boolean;
        category: { id: number };
      }>;
      for (const c of categories.data as Array<{ id: number }>) {
        expect(records.filter((r) => r.category.id === c.id)).toHaveLength(4);
      }
      for (const r of records) {
        expect(r.title).toMatch(/[\u4e00-\u9fff]/);
        expect(r.duration).toBeGreaterThan(3.9);
        expect(r.duration).toBeLessThan(4.2);
        expect(await fresh.deps.storage.exists(r.cover.replace('/uploads/', ''))).toBe(true);
      }
      expect(records.filter((r) => r.price === 0)).toHaveLength(8);
      expect(records.filter((r) => r.vip)).toHaveLength(4);
      expect(records.filter((r) => r.price > 0 && !r.vip)).toHaveLength(4);
      // Each is a playable H.264/AAC MP4 behind its signed src.
      const first = records.find((r) => r.price === 0);
      const src = (await call(fresh.app, 'GET', `/api/v1/video/${first?.id}`)).data.src as string;
      const part = await fresh.app.inject({ method: 'GET', url: src, headers: { range: 'bytes=0-1023' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
      const files = await fresh.deps.db.kysely.selectFrom('videos').select('file_key').execute();
      const probes = await Promise.all(
        files.map((f) => probe(path.join(fresh.deps.config.dataDir, 'uploads', f.file_key))),
      );
      for (const p of probes) expect(p).toMatchObject({ video: { codec: 'h264' }, audio: { codec: 'aac' } });
    } finally {
      await fresh.close();
    }
  }, 300_000);

  it('a start that finds the demo lease held asks again, and makes the clips once it is free', async () => {
    const fresh = await createTestApp(dialect);
    try {
      await seedVideos(fresh.deps);
      await stopDemoVideos(fresh.deps);
      const count = () => videoCount(fresh);
      const before = await count();
      // Held by a process that ended without giving it back (a start whose listen failed, a SIGKILL).
      const holder = { name: 'videos.demo', holder: 'gone-process', ttlMs: 60_000, now: Date.now() };
      expect(await acquireLease(fresh.deps.db, holder)).toBe(true);
      const done = startDemoVideos(fresh.deps, fail, 50);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await count()).toBe(before);
      // Its lease runs out (here: is given back); no restart is needed.
      await releaseLease(fresh.deps.db, holder.name, holder.holder);
      while ((await count()) === before) await new Promise((resolve) => setTimeout(resolve, 50));
      await stopDemoVideos(fresh.deps);
      await done;
      expect(await count()).toBeGreaterThan(before);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
