import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkListQuery } from '@ld/contract/content';
import type { Deps } from '../../platform/deps.ts';
import { acquireLease, newHolderId, releaseLease } from '../../platform/lease.ts';
import { insertCategory, listCategories, listWorks } from '../content/public.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { ingestVideo } from './ingest.ts';

// Demo videos (issue 9 §4, docs/decisions/0038-videos.md): 16 short clips in 4 categories, drawn
// offline by ffmpeg's own sources (a moving picture and a tone), then taken in by ingestVideo like
// any other video, so the seed also proves the ingestion path.
//
// Drawing them costs seconds of CPU, so the first start does not wait: the seed writes the four
// categories and the clips are made in the background after start-up, two at a time; the list
// shows each video as soon as it is in (ingestVideo is all or nothing). A server stopped half way
// makes the missing ones at its next start (`resumeDemoVideos`), one process of several doing it
// (a lease), and closing the server stops ffmpeg.

const HOUR = 3600_000;
const SECONDS = 4;

interface DemoVideo {
  title: string;
  intro: string;
  tags: string[];
  /** An ffmpeg lavfi video source (with its filters). */
  picture: string;
  /** Tone in Hz. */
  tone: number;
}

const size = 'size=320x180:rate=24';
/** Cellular sources drawn small and scaled up without smoothing, so their cells read as blocks. */
const cells = 'size=80x45:rate=24';
const blocks = 'scale=320:180:flags=neighbor';
const CATEGORIES: Array<{ name: string; author: string; videos: DemoVideo[] }> = [
  {
    name: '热血动漫',
    author: '蓝钻动画社',
    videos: [
      {
        title: '星火燎原·第一击',
        intro: '少年握紧拳头，火光划破夜空。',
        tags: ['热血', '战斗'],
        picture: `testsrc2=${size}`,
        tone: 440,
      },
      {
        title: '疾风剑客',
        intro: '一剑出鞘，风声四起。',
        tags: ['剑客', '热血'],
        picture: `mandelbrot=${size}:inner=convergence`,
        tone: 523,
      },
      {
        title: '机甲觉醒',
        intro: '沉睡百年的机甲再次睁开双眼。',
        tags: ['机甲', '战斗'],
        picture: `life=${cells}:mold=10:ratio=0.3:life_color=#ff6a00:death_color=#1b1035,${blocks}`,
        tone: 392,
      },
      {
        title: '决战天穹之巅',
        intro: '最后的对决，在云层之上展开。',
        tags: ['决战', '燃'],
        picture: `cellauto=${cells}:rule=110,${blocks},format=rgb24,colorchannelmixer=rr=1:gg=0.55:bb=0.1`,
        tone: 587,
      },
    ],
  },
  {
    name: '治愈日常',
    author: '小森工作室',
    videos: [
      {
        title: '午后的猫咖',
        intro: '阳光、咖啡和一只打盹的橘猫。',
        tags: ['日常', '治愈'],
        picture: `testsrc2=${size},hue=h=t*30:s=0.6`,
        tone: 330,
      },
      {
        title: '雨天的便利店',
        intro: '窗外下着雨，店里亮着暖黄的灯。',
        tags: ['日常', '雨'],
        picture: `mandelbrot=${size}:start_scale=2:end_scale=0.5,hue=s=0.5`,
        tone: 294,
      },
      {
        title: '樱花坡道',
        intro: '春天的坡道上，花瓣一路飘落。',
        tags: ['春天', '治愈'],
        picture: `life=${cells}:ratio=0.5:life_color=#ffb7c5:death_color=#2b1b2e,${blocks}`,
        tone: 349,
      },
      {
        title: '晚风与自行车',
        intro: '下课铃响，骑车穿过黄昏的小镇。',
        tags: ['青春', '日常'],
        picture: `cellauto=${cells}:rule=30,${blocks},format=rgb24,colorchannelmixer=rr=0.35:gg=0.6:bb=1`,
        tone: 262,
      },
    ],
  },
  {
    name: '奇幻冒险',
    author: '远方动画',
    videos: [
      {
        title: '迷雾森林的入口',
        intro: '地图的尽头，是一片会移动的森林。',
        tags: ['奇幻', '冒险'],
        picture: `mandelbrot=${size}:outer=normalized_iteration_count`,
        tone: 415,
      },
      {
        title: '龙之谷的约定',
        intro: '小龙与少女立下了十年之约。',
        tags: ['龙', '奇幻'],
        picture: `testsrc2=${size},hue=h=t*90`,
        tone: 466,
      },
      {
        title: '魔法学院开学日',
        intro: '新生们第一次举起了魔杖。',
        tags: ['魔法', '校园'],
        picture: `life=${cells}:rule=B36/S23:ratio=0.2:life_color=#7df9ff:death_color=#101436,${blocks}`,
        tone: 494,
      },
      {
        title: '浮空岛的旅人',
        intro: '乘着风筝，去往天空中的岛屿。',
        tags: ['冒险', '天空'],
        picture: `cellauto=${cells}:rule=90,${blocks},format=rgb24,colorchannelmixer=rr=0.7:gg=0.3:bb=1`,
        tone: 370,
      },
    ],
  },
  {
    name: '科幻未来',
    author: '光年映像',
    videos: [
      {
        title: '霓虹都市 2099',
        intro: '雨夜的霓虹下，一切都是数据。',
        tags: ['赛博朋克', '科幻'],
        picture: `mandelbrot=${size}:maxiter=300,hue=h=t*120`,
        tone: 554,
      },
      {
        title: '星际信号',
        intro: '来自四光年外的一段神秘信号。',
        tags: ['太空', '悬疑'],
        picture: `testsrc2=${size},negate`,
        tone: 622,
      },
      {
        title: '人工智能的梦',
        intro: '它第一次梦见了大海。',
        tags: ['AI', '科幻'],
        picture: `life=${cells}:ratio=0.4:mold=20:life_color=#00ff9c:death_color=#001a12,${blocks}`,
        tone: 659,
      },
      {
        title: '时间折叠实验',
        intro: '按下按钮的那一刻，时间开始倒流。',
        tags: ['时间', '实验'],
        picture: `cellauto=${cells}:rule=18,${blocks},format=rgb24,colorchannelmixer=rr=0.1:gg=1:bb=0.8`,
        tone: 698,
      },
    ],
  },
];

/** Free, free, VIP (free for members, else 20), priced (15) in every category. */
const PRICING = [
  { price: 0, vip: false },
  { price: 0, vip: false },
  { price: 20, vip: true },
  { price: 15, vip: false },
];

async function drawClip(video: DemoVideo, file: string, signal: AbortSignal): Promise<boolean> {
  const run = await runFfmpeg(
    [
      '-y',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      video.picture,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${video.tone}:beep_factor=2:sample_rate=44100`,
      '-t',
      String(SECONDS),
      // One core per clip: two clips at a time leave the server its share.
      '-threads',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-maxrate',
      '500k',
      '-bufsize',
      '1M',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-shortest',
      file,
    ],
    60_000,
    signal,
  );
  if (signal.aborted) return false;
  if (run.code !== 0) throw new Error(`ffmpeg could not draw the demo clip ${video.title}: ${run.stderr}`);
  return true;
}

/** How many clips are made at once (a demo machine has two cores, and it is serving meanwhile). */
const PARALLEL = 2;
const LEASE = 'videos.demo';
/**
 * How often a process whose lease was refused asks again while clips are missing: the holder may
 * be another process making them (it then finds nothing left), or one that ended without giving
 * the lease back (a start whose listen failed before 2026-12-04, a SIGKILL), whose lease this
 * one takes once it has run out.
 */
export const DEMO_LEASE_RETRY_MS = 30_000;

/** The demo videos not in the database yet: those of the demo categories whose title is missing. */
async function missingDemoVideos(deps: Deps) {
  const categories = await listCategories(deps, 'video');
  const missing: Array<{ categoryId: number; author: string; video: DemoVideo; n: number; k: number }> = [];
  for (const [c, category] of CATEGORIES.entries()) {
    const found = categories.find((x) => x.name === category.name);
    if (!found) continue;
    const query: WorkListQuery = { category: found.id, sort: 2, currentPage: 1, pageSize: 100 };
    const have = new Set((await listWorks(deps, 'video', query)).records.map((w) => w.title));
    for (const [k, video] of category.videos.entries()) {
      if (!have.has(video.title))
        missing.push({ categoryId: found.id, author: category.author, video, n: c * 4 + k, k });
    }
  }
  return missing;
}

async function makeDemoVideos(deps: Deps, signal: AbortSignal, leaseRetryMs: number): Promise<void> {
  const holder = newHolderId();
  // One process of several sharing the database makes them (0020); ten minutes is far more than enough.
  while (!(await acquireLease(deps.db, { name: LEASE, holder, ttlMs: 10 * 60_000, now: Date.now() }))) {
    try {
      await sleep(leaseRetryMs, undefined, { signal });
    } catch {
      return; // stopped
    }
    if ((await missingDemoVideos(deps)).length === 0) return;
  }
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'ld-demo-videos-'));
  try {
    const jobs = await missingDemoVideos(deps);
    const now = deps.clock.now();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length && !signal.aborted) {
        const job = jobs[next];
        next += 1;
        const file = path.join(folder, `${job.n}.mp4`);
        if (!(await drawClip(job.video, file, signal))) return;
        // Different ages and views, so 最新 and 热门 order them differently.
        const views = 200 + ((job.n * 7919) % 9000);
        await ingestVideo(deps, {
          file,
          categoryId: job.categoryId,
          title: job.video.title,
          author: job.author,
          intro: job.video.intro,
          tags: job.video.tags,
          ...PRICING[job.k],
          createdAt: now - ((job.n * 5) % 17) * HOUR - job.n * HOUR,
          views,
          signal,
        });
        await fsp.rm(file, { force: true });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
    // Given back on a stop too (the database is still open then), so the next start resumes at once.
    await releaseLease(deps.db, LEASE, holder);
  }
}

const running = new WeakMap<Deps, { controller: AbortController; done: Promise<void> }>();

/**
 * Makes the missing demo videos in the background (once per app at a time); answers when they are
 * all in. A failure is reported to `onError`; closing the app (`stopDemoVideos`) ends it quietly.
 */
export function startDemoVideos(
  deps: Deps,
  onError: (error: unknown) => void,
  leaseRetryMs = DEMO_LEASE_RETRY_MS,
): Promise<void> {
  const found = running.get(deps);
  if (found) return found.done;
  const controller = new AbortController();
  const done = makeDemoVideos(deps, controller.signal, leaseRetryMs)
    .catch((error: unknown) => {
      if (!controller.signal.aborted) onError(error);
    })
    .finally(() => {
      if (running.get(deps)?.controller === controller) running.delete(deps);
    });
  running.set(deps, { controller, done });
  return done;
}

/** Stops the background work (ffmpeg is killed; a half-made video leaves nothing) and waits for it. */
export async function stopDemoVideos(deps: Deps): Promise<void> {
  const found = running.get(deps);
  if (!found) return;
  found.controller.abort();
  await found.done;
}

/** Start-up: makes the demo videos a stopped server left unmade (nothing when they are all in). */
export async function resumeDemoVideos(deps: Deps, onError: (error: unknown) => void): Promise<void> {
  if ((await missingDemoVideos(deps)).length > 0) void startDemoVideos(deps, onError);
}

/**
 * The seed (empty database): the four categories now, the 16 clips in the background after
 * start-up. Answers without waiting for them; `startDemoVideos(deps, …)` answers when they are in.
 */
export async function seedVideos(deps: Deps): Promise<void> {
  const db = deps.db.kysely;
  for (const [sort, category] of CATEGORIES.entries()) {
    await insertCategory(db, { kind: 'video', name: category.name, sort });
  }
  void startDemoVideos(deps, (error) => console.error('demo videos could not be made:', error));
}
