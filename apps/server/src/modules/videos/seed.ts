import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Deps } from '../../platform/deps.ts';
import { insertCategory } from '../content/public.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { ingestVideo } from './ingest.ts';

// Demo videos (issue 9 §4, docs/decisions/0038-videos.md): 16 short clips in 4 categories, drawn
// offline by ffmpeg's own sources (a moving picture and a tone), then taken in by ingestVideo like
// any other video, so the seed also proves the ingestion path. Small (320×180, 4 s, ~200 KB) and
// made a few at a time, so the first start stays quick.

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
        picture: `life=${size}:mold=10:ratio=0.3:life_color=#ff6a00:death_color=#1b1035`,
        tone: 392,
      },
      {
        title: '决战天穹之巅',
        intro: '最后的对决，在云层之上展开。',
        tags: ['决战', '燃'],
        picture: `cellauto=${size}:rule=110,hue=h=t*60`,
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
        picture: `life=${size}:ratio=0.5:life_color=#ffb7c5:death_color=#2b1b2e`,
        tone: 349,
      },
      {
        title: '晚风与自行车',
        intro: '下课铃响，骑车穿过黄昏的小镇。',
        tags: ['青春', '日常'],
        picture: `cellauto=${size}:rule=30,hue=h=200`,
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
        picture: `life=${size}:rule=B36/S23:ratio=0.2:life_color=#7df9ff:death_color=#101436`,
        tone: 494,
      },
      {
        title: '浮空岛的旅人',
        intro: '乘着风筝，去往天空中的岛屿。',
        tags: ['冒险', '天空'],
        picture: `cellauto=${size}:rule=90,hue=h=t*45:s=1.5`,
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
        picture: `life=${size}:ratio=0.4:mold=20:life_color=#00ff9c:death_color=#001a12`,
        tone: 659,
      },
      {
        title: '时间折叠实验',
        intro: '按下按钮的那一刻，时间开始倒流。',
        tags: ['时间', '实验'],
        picture: `cellauto=${size}:rule=18,hue=h=t*80:s=2`,
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

/** How many ffmpeg pipelines run at once (a demo machine has two cores). */
const PARALLEL = 3;

async function drawClip(video: DemoVideo, file: string): Promise<void> {
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
  );
  if (run.code !== 0) throw new Error(`ffmpeg could not draw the demo clip ${video.title}: ${run.stderr}`);
}

/** The 16 demo videos in 4 categories. */
export async function seedVideos(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const db = deps.db.kysely;
  const categoryIds: number[] = [];
  for (const [sort, category] of CATEGORIES.entries()) {
    categoryIds.push(await insertCategory(db, { kind: 'video', name: category.name, sort }));
  }
  const jobs = CATEGORIES.flatMap((category, c) =>
    category.videos.map((video, k) => ({ category, categoryId: categoryIds[c], video, n: c * 4 + k, k })),
  );
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'ld-demo-videos-'));
  try {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next];
        next += 1;
        const file = path.join(folder, `${job.n}.mp4`);
        await drawClip(job.video, file);
        // Different ages and views, so 最新 and 热门 order them differently.
        const views = 200 + ((job.n * 7919) % 9000);
        await ingestVideo(deps, {
          file,
          categoryId: job.categoryId,
          title: job.video.title,
          author: job.category.author,
          intro: job.video.intro,
          tags: job.video.tags,
          ...PRICING[job.k],
          createdAt: now - ((job.n * 5) % 17) * HOUR - job.n * HOUR,
          views,
        });
        await fsp.rm(file, { force: true });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}
