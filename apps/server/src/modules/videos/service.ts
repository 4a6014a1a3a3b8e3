import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnitLocked, Work, WorkListQuery } from '@ld/contract/content';
import { ErrorCode } from '@ld/contract/envelope';
import type { VideoDetail, VideoListItem, VideoPage } from '@ld/contract/videos';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';
import { firstUnits, getWork, listWorks, openUnit } from '../content/public.ts';
import * as repo from './repository.ts';

// Videos on the shared content model (docs/decisions/0038-videos.md).

/** A src works for at least this long after the detail answered it… */
const SRC_TTL_MS = 2 * 3600_000;
/** …and its expiry is rounded up to this step, so the same viewer gets the same URL (and cache) for an hour. */
const SRC_STEP_MS = 3600_000;

const secrets = new WeakMap<Db, Promise<string>>();
function fileSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = getOrCreateSecret(db, 'video.file');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const sign = (secret: string, workId: number, expires: string) =>
  createHmac('sha256', secret).update(`video:${workId}:${expires}`).digest('hex');

/** The detail's `src`: the file route with an expiring signature (a `<video>` sends no session headers). */
export async function signedSrc(deps: Deps, workId: number): Promise<string> {
  const expiresMs = Math.ceil((deps.clock.now() + SRC_TTL_MS) / SRC_STEP_MS) * SRC_STEP_MS;
  const expires = String(expiresMs / 1000);
  const sig = sign(await fileSecret(deps.db), workId, expires);
  return `/api/v1/video/${workId}/file?${new URLSearchParams({ expires, sig })}`;
}

/** The stored MP4 behind a signed src; 403 when the signature is not ours or its time has passed. */
export async function openFile(
  deps: Deps,
  workId: number,
  link: { expires: string; sig: string },
): Promise<string> {
  const expected = Buffer.from(sign(await fileSecret(deps.db), workId, link.expires), 'hex');
  const valid =
    timingSafeEqual(expected, Buffer.from(link.sig, 'hex')) && Number(link.expires) * 1000 > deps.clock.now();
  if (!valid) throw new AppError(ErrorCode.forbidden, '视频链接无效或已过期，请回到视频页重新播放', 403);
  const video = await repo.findVideo(deps.db.kysely, workId);
  if (!video) throw notFound('视频');
  return video.file_key;
}

/** Adds each work's duration, price and VIP flag (from its video row and its single unit). */
async function withVideoFields(deps: Deps, works: Work[]): Promise<VideoListItem[]> {
  const ids = works.map((w) => w.id);
  const [videos, units] = await Promise.all([repo.videosOf(deps.db.kysely, ids), firstUnits(deps, ids)]);
  const videoById = new Map(videos.map((v) => [Number(v.work_id), v]));
  return works.flatMap((work) => {
    const video = videoById.get(work.id);
    const unit = units.get(work.id);
    if (!video || !unit) return [];
    return [
      {
        id: work.id,
        kind: work.kind,
        title: work.title,
        author: work.author,
        cover: work.cover,
        category: work.category,
        tags: work.tags,
        status: work.status,
        unitCount: work.unitCount,
        latestUnit: work.latestUnit,
        viewCount: work.viewCount,
        duration: Number(video.duration_ms) / 1000,
        price: Number(unit.price),
        vip: Number(unit.vip) === 1,
      },
    ];
  });
}

export async function listVideos(deps: Deps, query: WorkListQuery): Promise<VideoPage> {
  const page = await listWorks(deps, 'video', query);
  return { ...page, records: await withVideoFields(deps, page.records) };
}

/**
 * The player's data. A locked video answers 200 with `unlocked: false`, `src: null` and `locked`
 * `{ price, vip, coinNum }`, so the page still shows its cover and title beside 购买 / 开通会员
 * (auto-unlock has had its chance first, as for a chapter). It counts no view (the content
 * module's `POST /v1/video/{id}/view` does): the server asks for it as a guest for the page's HTML
 * (docs/decisions/0046-video-views-apart.md).
 */
export async function getVideo(deps: Deps, userId: number | null, workId: number): Promise<VideoDetail> {
  const db = deps.db.kysely;
  const [work, nextId] = await Promise.all([
    getWork(deps, 'video', userId, workId),
    repo.nextVideoId(db, workId),
  ]);
  const nextWork = nextId === null ? null : await workOrNull(deps, nextId);
  const items = await withVideoFields(deps, nextWork ? [work, nextWork] : [work]);
  const item = items.find((i) => i.id === workId);
  if (!item) throw notFound('视频');
  let locked: UnitLocked | null = null;
  let charged = 0;
  // A free video is open to everyone; otherwise the shared rule decides (bought, member on VIP,
  // auto-unlock within its cap) and a refusal becomes the `locked` answer.
  if (item.price > 0) {
    try {
      charged = (await openUnit(deps, 'video', userId, workId, workId)).charged;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.unitLocked)) throw error;
      locked = error.data as UnitLocked;
    }
  }
  return {
    ...item,
    intro: work.intro,
    unitId: workId,
    subscribed: work.subscribed,
    progress: work.progress,
    unlocked: locked === null,
    src: locked === null ? await signedSrc(deps, workId) : null,
    locked,
    charged,
    next: items.find((i) => i.id === nextId && i.id !== workId) ?? null,
  };
}

/** A video's work, or null when it is gone. */
async function workOrNull(deps: Deps, workId: number) {
  return getWork(deps, 'video', null, workId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ErrorCode.notFound) return null;
    throw error;
  });
}
