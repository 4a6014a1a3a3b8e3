import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput } from '../../platform/errors.ts';
import { keyOfUrl } from '../../platform/storage.ts';
import { insertUnits, insertWork, refreshWorkUnits } from '../content/public.ts';
import { type Probe, probe, runFfmpeg } from './ffmpeg.ts';
import { insertVideo } from './repository.ts';

// A video enters the system (DESIGN §13, docs/decisions/0038-videos.md): ffmpeg reads it, it is
// kept as MP4 (H.264/AAC, moov first so playback starts before the whole file arrives), and the
// frame at 1 second becomes its WebP cover. Everything is made in a temporary folder first; only
// a file ffmpeg read completely reaches storage and the database, and a failed database write
// removes what was stored: a refused or failed video leaves no file and no row.

export interface VideoInput {
  /** Path of the file to take in (any container and codecs ffmpeg reads). */
  file: string;
  categoryId: number;
  title: string;
  author: string;
  intro: string;
  tags: string[];
  /** Diamonds; 0 free. */
  price: number;
  /** Free for members (others pay `price`). */
  vip: boolean;
  /** When it came out (default now). */
  createdAt?: number;
  /** Starting views (demo content). */
  views?: number;
  /** Shown in the portal at once (default); false keeps it a draft. */
  published?: boolean;
  /** Stops ffmpeg (the server closing); what was made is thrown away. */
  signal?: AbortSignal;
  /**
   * Runs the rows' writes in a transaction (default: a plain one). The console passes its audited
   * transaction, so the video, its audit row and the change announcement are one write.
   */
  transact?: (write: (trx: Conn) => Promise<VideoIds>) => Promise<VideoIds>;
}

/** The rows a video is: its work and its single unit. */
export interface VideoIds {
  workId: number;
  unitId: number;
}

export interface IngestedVideo {
  id: number;
  unitId: number;
  durationMs: number;
  cover: string;
  fileKey: string;
}

export const UNREADABLE_VIDEO = '无法识别该视频文件：请上传完整的 MP4、MOV、WebM 等常见格式视频';

/** Longest transcode allowed, so a broken file cannot hold a process forever. */
const TRANSCODE_TIMEOUT_MS = 10 * 60_000;
/** The cover is the frame at this second (spec §9), or the middle of a shorter video. */
const COVER_AT_S = 1;
const COVER_WIDTH = 640;

const refuse = () => badInput('file', UNREADABLE_VIDEO);

/** Whether the file can be kept as it is (only its boxes rewritten): MP4 with H.264 and AAC or no sound. */
const isPlayableMp4 = (p: Probe) =>
  p.container.includes('mp4') && p.video?.codec === 'h264' && (p.audio === null || p.audio.codec === 'aac');

async function toMp4(source: Probe, input: string, output: string, signal?: AbortSignal): Promise<void> {
  const args = isPlayableMp4(source)
    ? ['-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy']
    : [
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        // Even sizes: yuv420p H.264 needs them.
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
      ];
  const run = await runFfmpeg(
    ['-y', '-v', 'error', ...args, '-movflags', '+faststart', '-f', 'mp4', output],
    TRANSCODE_TIMEOUT_MS,
    signal,
  );
  if (run.code !== 0) throw refuse();
}

async function coverOf(
  video: string,
  durationMs: number,
  output: string,
  signal?: AbortSignal,
): Promise<void> {
  const at = durationMs > COVER_AT_S * 1000 ? COVER_AT_S : durationMs / 2000;
  const run = await runFfmpeg(
    [
      '-y',
      '-v',
      'error',
      '-ss',
      at.toFixed(3),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${COVER_WIDTH},iw)':-2`,
      '-c:v',
      'libwebp',
      '-quality',
      '80',
      output,
    ],
    60_000,
    signal,
  );
  const made = await fsp.stat(output).catch(() => null);
  if (run.code !== 0 || !made || made.size === 0) throw refuse();
}

/**
 * Takes a video in: answers its id, or refuses a file ffmpeg cannot read with 400 `file: 无法识别…`
 * and nothing stored.
 */
export async function ingestVideo(deps: Deps, input: VideoInput): Promise<IngestedVideo> {
  const source = await probe(input.file, input.signal);
  if (!source?.video || source.durationMs <= 0) throw refuse();
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'ld-video-'));
  const stored: string[] = [];
  try {
    const mp4 = path.join(work, 'video.mp4');
    const webp = path.join(work, 'cover.webp');
    await toMp4(source, input.file, mp4, input.signal);
    const kept = await probe(mp4, input.signal);
    if (!kept?.video || kept.durationMs <= 0) throw refuse();
    await coverOf(mp4, kept.durationMs, webp, input.signal);
    // The video is streamed into storage (never whole in memory: it may be hundreds of MB); the cover is small.
    const video = await deps.storage.saveStream('video-files', 'mp4', fs.createReadStream(mp4));
    stored.push(video.url);
    const cover = await deps.storage.save('video-covers', 'webp', await fsp.readFile(webp));
    stored.push(cover);
    const fileKey = video.key;

    const at = input.createdAt ?? deps.clock.now();
    const views = input.views ?? 0;
    const transact =
      input.transact ?? (<T>(work: (trx: Conn) => Promise<T>) => deps.db.kysely.transaction().execute(work));
    const ids = await transact(async (trx) => {
      const workId = await insertWork(trx, {
        kind: 'video',
        category_id: input.categoryId,
        title: input.title,
        author: input.author,
        cover,
        tags: JSON.stringify(input.tags),
        intro: input.intro,
        // A video is whole when it comes out: 完结.
        status: 1,
        latest_unit_at: at,
        view_count: views,
        hot_score: views,
        published: input.published === false ? 0 : 1,
        created_at: at,
      });
      const [unitId] = await insertUnits(trx, [
        {
          work_id: workId,
          idx: 1,
          title: input.title,
          price: input.price,
          vip: input.vip ? 1 : 0,
          word_count: 0,
          created_at: at,
        },
      ]);
      await refreshWorkUnits(trx, workId);
      await insertVideo(trx, {
        work_id: workId,
        unit_id: unitId,
        file_key: fileKey,
        duration_ms: kept.durationMs,
        width: kept.video?.width ?? 0,
        height: kept.video?.height ?? 0,
        size: video.size,
        created_at: at,
      });
      return { workId, unitId };
    });
    stored.length = 0;
    return { id: ids.workId, unitId: ids.unitId, durationMs: kept.durationMs, cover, fileKey };
  } finally {
    for (const url of stored) {
      const key = keyOfUrl(url);
      if (key) await deps.storage.remove(key);
    }
    await fsp.rm(work, { recursive: true, force: true });
  }
}
