import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyRequest } from 'fastify';
import { assertCallerUid } from './auth.ts';
import type { Deps } from './deps.ts';
import { AppError, badInput } from './errors.ts';
import { MAX_IMAGE_BYTES } from './images.ts';
import { keyOfUrl, type Storage, UPLOADS_PREFIX } from './storage.ts';

const isFastifyCoded = (error: unknown) => /^FST_/.test(String((error as { code?: unknown }).code ?? ''));

/**
 * Errors while reading a multipart body come from its parser (busboy: "Unexpected end of
 * multipart data", "Malformed part header", …) and carry no status, so they would leave as 500.
 * They are the client's malformed body: 400 naming it. Coded errors (limits) keep their own
 * answer in the error handler.
 */
function asBodyError(error: unknown): unknown {
  if (error instanceof AppError || isFastifyCoded(error)) return error;
  return badInput('body', 'multipart/form-data 请求体不完整或格式不正确');
}

/**
 * Reads the one image of an upload call: the multipart part named `field`, within the image size
 * cap. Anything else is a 400 naming `field` (or `body` when the multipart body itself is broken).
 * A `uid` field sent before the file is held to the caller rule like any body uid (0023).
 */
export async function readUploadedImage(request: FastifyRequest, field = 'file'): Promise<Buffer> {
  if (!request.isMultipart()) throw badInput(field, '请以 multipart/form-data 上传图片');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw asBodyError(error);
  }
  const uid = part?.fields.uid;
  if (uid && !Array.isArray(uid) && uid.type === 'field') assertCallerUid(request, uid.value);
  if (part?.fieldname !== field) throw badInput(field, '请选择要上传的图片');
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw badInput(field, `图片不能超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badInput(field, `图片不能超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
    }
    throw asBodyError(error);
  }
}

/** A file received by `receiveUploadedFile`, already in storage. */
export interface ReceivedFile {
  /** Public URL path (`/uploads/<key>`). */
  url: string;
  key: string;
  size: number;
  /** The name the client gave, for display only (never used as a path). */
  filename: string;
  /** The lower-case extension the file was stored with (one of the accepted ones). */
  ext: string;
  /** Text fields the client sent before the file part. */
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  /** The multipart part holding the file; named in every 400. Default `file`. */
  field?: string;
  /** Storage folder (`packages`, `videos`, …). */
  folder: string;
  /** The largest file taken, in bytes; above it the answer is a 413 and nothing is kept. */
  maxBytes: number;
  /** Accepted extensions, lower case without the dot (`['apk']`, `['mp4', 'm4v']`). */
  exts: readonly string[];
  /** What the file is, in the messages: `安装包`, `视频`. */
  label: string;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${+(bytes / 1024 / 1024 / 1024).toFixed(1)}GB`
    : `${Math.round(bytes / 1024 / 1024)}MB`;

/**
 * Streams the one file of an upload call into storage, within `maxBytes`, never holding it whole in
 * memory (a 300 MB package or video). Over the limit: 413 `field: <label>不能超过 N` and nothing kept;
 * a wrong extension, a missing or empty file, a broken body: 400 naming the field. The caller checks
 * the contents (an unreadable video…) and removes the file with `storage.remove(key)` when it refuses it.
 */
export async function receiveUploadedFile(
  request: FastifyRequest,
  storage: Storage,
  { field = 'file', folder, maxBytes, exts, label }: ReceiveOptions,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw badInput(field, `请以 multipart/form-data 上传${label}`);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20 } });
  } catch (error) {
    throw asBodyError(error);
  }
  if (!part || part.fieldname !== field) throw badInput(field, `请选择要上传的${label}`);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (value && !Array.isArray(value) && value.type === 'field') fields[name] = String(value.value);
  }
  const dot = part.filename.lastIndexOf('.');
  const ext = dot >= 0 ? part.filename.slice(dot + 1).toLowerCase() : '';
  if (!exts.includes(ext)) {
    part.file.resume();
    throw badInput(field, `${label}只支持 ${exts.map((e) => `.${e}`).join('、')} 文件`);
  }
  const tooLarge = () =>
    new AppError(ErrorCode.badInput, `${field}: ${label}不能超过 ${sizeText(maxBytes)}`, 413);
  let saved: { url: string; key: string; size: number };
  try {
    saved = await storage.saveStream(folder, ext, part.file);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw asBodyError(error);
  }
  if (part.file.truncated) {
    await storage.remove(saved.key);
    throw tooLarge();
  }
  if (saved.size === 0) {
    await storage.remove(saved.key);
    throw badInput(field, `${label}是空文件，请重新选择`);
  }
  return { ...saved, filename: part.filename, ext, fields };
}

/**
 * A form's picture that names an upload (/uploads/…) must really be stored: an upload answered its
 * URL, and the form saves it later. A picture the web app ships (any other site path) passes.
 */
export async function assertUploadStored(storage: Storage, url: string, field: string): Promise<void> {
  if (!url.startsWith(UPLOADS_PREFIX)) return;
  const key = keyOfUrl(url);
  if (!key || !(await storage.exists(key))) throw badInput(field, '图片不存在，请重新上传');
}

/** How long an upload may wait for the form that names it before a sweep removes it. */
export const UNSAVED_UPLOAD_TTL_MS = 24 * 3600_000;

/**
 * Removes the files of `folder` (an upload-then-save picker's folder: home banners, activity
 * banners) older than a day that no saved row names: pictures uploaded for a form that was never
 * saved, and pictures a save replaced or a delete left. `usedUrls` answers every URL rows name
 * now; it is read after the candidates are listed, so a file saved before that stays. What stays
 * open: a save naming an upload more than a day old that commits while the sweep runs loses its
 * file (the console uploads and saves within minutes). Answers how many files were removed.
 */
export async function sweepUnusedUploads(
  deps: Pick<Deps, 'storage' | 'clock'>,
  folder: string,
  usedUrls: () => Promise<Iterable<string>>,
  limit = 500,
): Promise<number> {
  const before = deps.clock.now() - UNSAVED_UPLOAD_TTL_MS;
  const candidates: string[] = [];
  for await (const file of deps.storage.list(folder)) {
    if (file.mtimeMs < before) candidates.push(file.key);
    if (candidates.length >= limit) break;
  }
  if (candidates.length === 0) return 0;
  const used = new Set(await usedUrls());
  let removed = 0;
  for (const key of candidates) {
    if (used.has(`${UPLOADS_PREFIX}${key}`)) continue;
    await deps.storage.remove(key);
    removed++;
  }
  return removed;
}
