import { MAX_IMAGE_BYTES } from '@ld/contract/defaults';
import { badInput } from './errors.ts';
import { loadSharp } from './sharp.ts';

export { MAX_IMAGE_BYTES } from '@ld/contract/defaults';

/** Magic bytes of the formats we accept; the extension and the declared type are not trusted. */
function sniff(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('ascii', 0, 4) === 'GIF8') return 'gif';
  return null;
}

/**
 * Checks an uploaded image by content and size, then re-encodes it to WebP no larger than
 * `maxSide`, which drops metadata and anything hidden after the image data. `square` crops to
 * exactly maxSide × maxSide from the centre (avatars).
 */
export async function reencodeImage(
  bytes: Buffer,
  field: string,
  maxSide: number,
  options: { square?: boolean } = {},
): Promise<Buffer> {
  if (bytes.length === 0) throw badInput(field, '文件为空');
  if (bytes.length > MAX_IMAGE_BYTES) throw badInput(field, '图片不能超过 5MB');
  if (!sniff(bytes)) throw badInput(field, '只支持 JPG、PNG、WebP 或 GIF 图片');
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(
        maxSide,
        maxSide,
        options.square ? { fit: 'cover' } : { fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badInput(field, '图片已损坏，无法读取');
  }
}
