import type { Deps } from '../../platform/deps.ts';
import { reencodeImage } from '../../platform/images.ts';

/** Longest side of a stored post image; larger uploads are scaled down. */
const POST_IMAGE_MAX_SIDE = 1600;

/** Checks an uploaded image by content, re-encodes it to WebP and answers its public URL. */
export async function savePostImage(deps: Deps, bytes: Buffer): Promise<{ url: string }> {
  const webp = await reencodeImage(bytes, 'file', POST_IMAGE_MAX_SIDE);
  return { url: await deps.storage.save('posts', 'webp', webp) };
}
