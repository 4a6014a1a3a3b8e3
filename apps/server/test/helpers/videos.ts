import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { insertCategory } from '../../src/modules/content/public.ts';
import { runFfmpeg } from '../../src/modules/videos/ffmpeg.ts';
import { ingestVideo } from '../../src/modules/videos/public.ts';
import type { TestApp } from './app.ts';

// Fixtures for the video tests: clips drawn by ffmpeg, taken in through ingestVideo.

let folder: string | null = null;
async function tempFolder(): Promise<string> {
  folder ??= await fsp.mkdtemp(path.join(os.tmpdir(), 'ld-video-test-'));
  return folder;
}

/** Draws a clip with ffmpeg's test sources: `format` picks the container and codecs. */
export async function drawClip(
  name: string,
  opts: { seconds?: number; format?: 'mp4' | 'webm' | 'silent-mp4' } = {},
): Promise<string> {
  const file = path.join(await tempFolder(), name);
  const seconds = String(opts.seconds ?? 2);
  const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=12'];
  const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440'];
  const args =
    opts.format === 'webm'
      ? [...picture, ...sound, '-t', seconds, '-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libvorbis', file]
      : opts.format === 'silent-mp4'
        ? [...picture, '-t', seconds, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]
        : [
            ...picture,
            ...sound,
            '-t',
            seconds,
            '-c:v',
            'libx264',
            '-pix_fmt',
            'yuv420p',
            '-c:a',
            'aac',
            '-shortest',
            file,
          ];
  const run = await runFfmpeg(['-y', '-v', 'error', ...args], 60_000);
  if (run.code !== 0) throw new Error(`could not draw ${name}: ${run.stderr}`);
  return file;
}

export async function removeClips(): Promise<void> {
  if (folder) await fsp.rm(folder, { recursive: true, force: true });
  folder = null;
}

let categories = 0;
export async function createVideoCategory(t: TestApp, name?: string): Promise<number> {
  categories += 1;
  return insertCategory(t.deps.db.kysely, {
    kind: 'video',
    name: name ?? `视频分类${categories}`,
    sort: categories,
  });
}

/** A video taken in from `clip`: free unless `price` (and `vip`) say otherwise. */
export async function createVideo(
  t: TestApp,
  clip: string,
  opts: {
    price?: number;
    vip?: boolean;
    categoryId?: number;
    title?: string;
    createdAt?: number;
    views?: number;
  } = {},
) {
  return ingestVideo(t.deps, {
    file: clip,
    categoryId: opts.categoryId ?? (await createVideoCategory(t)),
    title: opts.title ?? '测试视频',
    author: '测试作者',
    intro: '一段测试用的视频。',
    tags: ['测试'],
    price: opts.price ?? 0,
    vip: opts.vip ?? false,
    createdAt: opts.createdAt,
    views: opts.views,
  });
}
