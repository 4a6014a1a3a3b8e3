import { IMAGE_WIDTHS } from '@ld/contract/image-sizes';
import type { FastifyBaseLogger } from 'fastify';
import { badInput } from './errors.ts';
import { loadSharp } from './sharp.ts';
import type { Storage } from './storage.ts';

/**
 * The widths (px) a stored image can be asked for with `?w=` (docs/decisions/0031-image-sizes.md):
 * the contract's fixed set, which the web client picks from, so the cache of variants stays small
 * and nobody can make the server encode arbitrary sizes.
 */
export const VARIANT_WIDTHS = IMAGE_WIDTHS;

/** Where generated variants are kept in storage: `_sizes/w<width>/<original key>.<version>.webp`. */
export const VARIANTS_FOLDER = '_sizes';

/** Stored originals that can be resized (by the key's extension). */
const RESIZABLE = /\.(webp|png|jpe?g|gif)$/i;

/** The `w` query value as one of the allowed widths, or a 400 naming `w`. */
export function parseVariantWidth(value: unknown): number {
  const allowed = `图片宽度只能是 ${VARIANT_WIDTHS.join('、')} 之一`;
  if (typeof value !== 'string' || !/^\d{1,5}$/.test(value)) throw badInput('w', allowed);
  const width = Number(value);
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) throw badInput('w', allowed);
  return width;
}

const pending = new Map<string, Promise<string | null>>();

/** The largest side a WebP image can have. */
const WEBP_MAX_SIDE = 16_383;

/**
 * The storage key of the original at `key` resized to `width` (never enlarged) and encoded as
 * WebP (JPEG when the result is taller than WebP allows: a long comic panel), made on the first
 * request and then served from storage (a WebP original no wider than `width` is stored as it is).
 * The variant's key carries the original's version, so replacing the original (a re-seed under a
 * fixed key) makes a new one.
 * Answers null when there is no such original; throws a 400 naming `w` for a file that is not an
 * image. An original sharp cannot read answers its own key: the client gets the bytes as stored.
 */
export async function ensureVariant(
  storage: Storage,
  key: string,
  width: number,
  log: FastifyBaseLogger,
): Promise<string | null> {
  const original = await storage.stat(key);
  if (!original) return null;
  if (!RESIZABLE.test(key)) throw badInput('w', '只有图片可以指定宽度');
  const version = original.etag.replaceAll('"', '');
  const base = `${VARIANTS_FOLDER}/w${width}/${key}.${version}`;
  // WebP stops at 16,383 px a side: a taller result (a long comic panel) is a JPEG instead.
  const webp = `${base}.webp`;
  const jpeg = `${base}.jpg`;
  if (await storage.exists(webp)) return webp;
  if (await storage.exists(jpeg)) return jpeg;
  // One encoding per variant in this process; other processes write the same bytes atomically.
  let making = pending.get(base);
  if (!making) {
    making = (async () => {
      const bytes = await storage.read(key);
      if (!bytes) return null;
      try {
        const sharp = await loadSharp();
        const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
        const { width: w = 0, height: h = 0, format, orientation } = await image.metadata();
        const tall = w > 0 && Math.round((h * Math.min(width, w)) / w) > WEBP_MAX_SIDE;
        // A WebP already no wider than asked is the variant as it is: encoding it again would only
        // lose detail, and sometimes made a larger file (two of the eight demo video covers, 320 wide,
        // asked at 384).
        const asStored = format === 'webp' && w > 0 && w <= width && (orientation ?? 1) === 1;
        let encoded = bytes;
        if (!asStored) {
          const resized = image.resize({ width, withoutEnlargement: true });
          encoded = await (tall
            ? resized.jpeg({ quality: 80, mozjpeg: true })
            : resized.webp({ quality: 80 })
          ).toBuffer();
        }
        const variant = tall ? jpeg : webp;
        await storage.put(variant, encoded);
        return variant;
      } catch (err) {
        log.warn(
          { err, key, width },
          'image variant: the original could not be resized; serving it as stored',
        );
        return key;
      }
    })().finally(() => pending.delete(base));
    pending.set(base, making);
  }
  return making;
}
