import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Files the server keeps (avatars, post images, packages) under `DATA_DIR/uploads`, served at `/uploads/`. */
export interface Storage {
  readonly root: string;
  /** Saves bytes under `folder` with a random name and the extension; answers the public URL path. */
  save(folder: string, ext: string, bytes: Buffer): Promise<string>;
  /** Writes a file at a fixed relative path (seed content); answers the public URL path. */
  put(relative: string, bytes: Buffer): Promise<string>;
  exists(relative: string): Promise<boolean>;
}

export function createDiskStorage(root: string): Storage {
  const put = async (relative: string, bytes: Buffer) => {
    const file = path.join(root, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return `/uploads/${relative.split(path.sep).join('/')}`;
  };
  return {
    root,
    put,
    save: (folder, ext, bytes) => put(path.join(folder, `${randomBytes(12).toString('hex')}.${ext}`), bytes),
    exists: (relative) =>
      fs.access(path.join(root, relative)).then(
        () => true,
        () => false,
      ),
  };
}
