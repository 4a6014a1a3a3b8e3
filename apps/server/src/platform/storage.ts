import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where stored files are served (uploads) and what their URLs start with. */
export const UPLOADS_PREFIX = '/uploads/';

/** What a stored file is, without reading it. */
export interface StoredFile {
  key: string;
  size: number;
  mtimeMs: number;
  /** From the key's extension; `application/octet-stream` when unknown. */
  contentType: string;
  /** Changes whenever the bytes may have: size and modification time. */
  etag: string;
}

/**
 * Files the server keeps (avatars, post images, game packages, videos), addressed by a key: a
 * relative path of `[A-Za-z0-9._-]` segments (no `..`). Everything reads and writes through this
 * interface, so another backend (object storage) replaces one file; HTTP answers for a stored file
 * go through `sendStoredFile` (platform/send-stored-file.ts). Public URLs are `/uploads/<key>`.
 */
export interface Storage {
  /** Saves bytes under `folder` with a random name and the extension; answers the public URL path. */
  save(folder: string, ext: string, bytes: Buffer): Promise<string>;
  /**
   * Streams `source` into a new file under `folder` with a random name and the extension, never
   * holding it whole in memory (packages, videos). When the stream fails (a size limit, a broken
   * upload) nothing is left behind and the error is rethrown.
   */
  saveStream(
    folder: string,
    ext: string,
    source: Readable,
  ): Promise<{ url: string; key: string; size: number }>;
  /** Writes a file at a fixed key (seed content); answers the public URL path. */
  put(key: string, bytes: Buffer): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** The file's size, type and version, or null when there is none (or the key is not valid). */
  stat(key: string): Promise<StoredFile | null>;
  /** The whole file, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The bytes from `start` to `end` (both inclusive, as in HTTP ranges), or the whole file. */
  createReadStream(key: string, range?: { start: number; end: number }): Readable;
  /** Deletes a file (nothing when there is none): undoes a store whose database write failed. */
  remove(key: string): Promise<void>;
  /**
   * The files directly in `folder` (not in its sub-folders, not half-written ones), in no order:
   * what `save(folder, …)` made there. For sweeping uploads nothing kept (platform/upload.ts).
   */
  list(folder: string): AsyncIterable<StoredFile>;
}

const SEGMENT = /^[A-Za-z0-9._-]{1,128}$/;

/** Whether a key is a relative path that stays inside the storage (no `..`, no absolute path). */
export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  return (
    key.length > 0 && key.length <= 512 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')
  );
}

/** The key behind a public URL path, or null when the URL is not one of ours. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isValidKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mp3: 'audio/mpeg',
  apk: 'application/vnd.android.package-archive',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

export function createDiskStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const fileOf = (key: string): string => {
    if (!isValidKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.split('/'));
  };
  const put = async (key: string, bytes: Buffer) => {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a reader (another request, another process) never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await fsp.writeFile(partial, bytes);
    await fsp.rename(partial, file);
    return `${UPLOADS_PREFIX}${key}`;
  };
  const stat = async (key: string): Promise<StoredFile | null> => {
    if (!isValidKey(key)) return null;
    const found = await fsp.stat(fileOf(key)).catch(() => null);
    if (!found?.isFile()) return null;
    const version = createHash('sha1')
      .update(`${found.size}:${found.mtimeMs}`)
      .digest('base64url')
      .slice(0, 16);
    return {
      key,
      size: found.size,
      mtimeMs: found.mtimeMs,
      contentType: contentTypeOf(key),
      etag: `"${version}"`,
    };
  };
  const saveStream = async (folder: string, ext: string, source: Readable) => {
    const key = `${folder}/${randomBytes(12).toString('hex')}.${ext}`;
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(source, fs.createWriteStream(partial));
      const { size } = await fsp.stat(partial);
      await fsp.rename(partial, file);
      return { url: `${UPLOADS_PREFIX}${key}`, key, size };
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  };
  return {
    put,
    saveStream,
    save: (folder, ext, bytes) => put(`${folder}/${randomBytes(12).toString('hex')}.${ext}`, bytes),
    stat,
    exists: async (key) => (await stat(key)) !== null,
    read: async (key) => ((await stat(key)) ? fsp.readFile(fileOf(key)) : null),
    createReadStream: (key, range) =>
      fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {}),
    remove: async (key) => {
      if (isValidKey(key)) await fsp.rm(fileOf(key), { force: true });
    },
    list: async function* (folder) {
      const dir = await fsp.opendir(fileOf(folder)).catch(() => null);
      if (!dir) return;
      for await (const entry of dir) {
        if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
        const found = await stat(`${folder}/${entry.name}`);
        if (found) yield found;
      }
    },
  };
}
