import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AdminPage } from '@ld/contract/admin/list';
import { type AdminVideo, VIDEO_UPLOAD_EXTS, videoUploadFields } from '@ld/contract/admin/videos';
import type { AdminWork, AdminWorkListQuery, UpdateWorkBody } from '@ld/contract/admin/works';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput } from '../../platform/errors.ts';
import { adminWorkOf, firstUnits, listAdminWorks, listCategories, updateWork } from '../content/public.ts';
import { type AuditActor, audited } from '../operators/public.ts';
import { ingestVideo } from './ingest.ts';
import * as repo from './repository.ts';

// 视频 in the console (docs/decisions/0058-games-and-videos-console.md): the works layer lists and
// edits them (title, intro, published…, announcing `videos`); an upload is ingested as the demo
// clips are (ffmpeg, the cover at 1 second) inside the audited transaction.

async function withVideoFields(deps: Deps, db: Conn, works: AdminWork[]): Promise<AdminVideo[]> {
  const ids = works.map((w) => w.id);
  const [videos, units] = await Promise.all([repo.videosOf(db, ids), firstUnits(deps, ids)]);
  const videoOf = new Map(videos.map((v) => [Number(v.work_id), v]));
  return works.map((work) => {
    const unit = units.get(work.id);
    return {
      ...work,
      duration: Number(videoOf.get(work.id)?.duration_ms ?? 0) / 1000,
      price: Number(unit?.price ?? 0),
      vip: Number(unit?.vip ?? 0) === 1,
    };
  });
}

export async function listAdminVideos(deps: Deps, q: AdminWorkListQuery): Promise<AdminPage<AdminVideo>> {
  const page = await listAdminWorks(deps, 'video', q);
  return { ...page, records: await withVideoFields(deps, deps.db.kysely, page.records) };
}

export async function getAdminVideo(deps: Deps, id: number): Promise<AdminVideo> {
  const db = deps.db.kysely;
  return (await withVideoFields(deps, db, [await adminWorkOf(db, 'video', id)]))[0];
}

/** Title, intro, published (and the work's other fields), through the works layer. */
export async function updateVideo(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateWorkBody,
): Promise<AdminVideo> {
  await updateWork(deps, actor, 'video', id, body);
  return getAdminVideo(deps, id);
}

type Receive = (options: {
  folder: string;
  maxBytes: number;
  exts: readonly string[];
  label: string;
}) => Promise<{
  key: string;
  ext: string;
  fields: Record<string, string>;
}>;

/**
 * An uploaded video: streamed into storage within VIDEO_MAX_MB (413 over it), its fields checked,
 * copied to a temporary file for ffmpeg (disk to disk, never whole in memory), then taken in by
 * `ingestVideo` — kept as MP4, the frame at 1 second its cover — with its rows and audit row in one
 * transaction. A file ffmpeg cannot read is a 400 `file: 无法识别该视频文件…`; nothing is kept.
 */
export async function uploadVideo(deps: Deps, actor: AuditActor, receive: Receive): Promise<AdminVideo> {
  const file = await receive({
    // `video-files/` is never served under /uploads: the raw upload is not public while it is read.
    folder: 'video-files/incoming',
    maxBytes: deps.config.uploadLimits.videoBytes,
    exts: VIDEO_UPLOAD_EXTS,
    label: '视频',
  });
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'ld-video-upload-'));
  try {
    const parsed = videoUploadFields.safeParse(file.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badInput(String(issue.path[0] ?? 'body'), issue.message);
    }
    const fields = parsed.data;
    if (!(await listCategories(deps, 'video')).some((c) => c.id === fields.categoryId)) {
      throw badInput('categoryId', '分类不存在，请重新选择');
    }
    const local = path.join(work, `upload.${file.ext}`);
    await pipeline(deps.storage.createReadStream(file.key), fs.createWriteStream(local));
    const vip = fields.vip === 'true';
    const ingested = await ingestVideo(deps, {
      file: local,
      categoryId: fields.categoryId,
      title: fields.title,
      author: fields.author || deps.config.appTitle,
      intro: fields.intro,
      tags: [],
      price: fields.price,
      vip,
      published: fields.published === 'true',
      transact: (write) =>
        audited(
          deps,
          actor,
          async (trx) => {
            const ids = await write(trx);
            const row = await repo.findVideo(trx, ids.workId);
            const after: AdminVideo = {
              ...(await adminWorkOf(trx, 'video', ids.workId)),
              duration: Number(row?.duration_ms ?? 0) / 1000,
              price: fields.price,
              vip,
            };
            return {
              result: ids,
              audit: { action: 'video.create', targetType: 'video', targetId: after.id, before: null, after },
            };
          },
          { announce: ['videos'] },
        ),
    });
    return getAdminVideo(deps, ingested.id);
  } finally {
    await deps.storage.remove(file.key);
    await fsp.rm(work, { recursive: true, force: true });
  }
}
