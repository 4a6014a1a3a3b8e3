import { MAX_IMAGE_BYTES } from '@ld/contract/defaults';
import type { Metadata } from 'sharp';
import { badInput } from '../../platform/errors.ts';
import { loadSharp } from '../../platform/sharp.ts';
import { PANEL_WIDTH, panelExtension } from './panel-art.ts';

/** Tallest page taken (JPEG's limit); a longer strip is uploaded as several pages. */
const MAX_PAGE_HEIGHT = 65_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * One uploaded page re-encoded as the portal's comic pages are (docs/decisions/0036-comics.md):
 * at most PANEL_WIDTH wide, WebP q78 up to WebP's 16,383 px height, JPEG q78 past it; read by
 * content (never by name or declared type), metadata and anything after the image dropped.
 * `what` names the page in a refusal (第 3 页（03.png）).
 */
export async function encodePage(
  bytes: Buffer,
  what: string,
): Promise<{ bytes: Buffer; width: number; height: number; ext: 'webp' | 'jpg' }> {
  if (bytes.length === 0) throw badInput('pages', `${what}是空文件`);
  if (bytes.length > MAX_IMAGE_BYTES)
    throw badInput('pages', `${what}超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { limitInputPixels: 100_000_000 });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch {
    throw badInput('pages', `${what}不是图片或已损坏，无法读取`);
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw badInput('pages', `${what}不是 JPG、PNG、WebP 或 GIF 图片`);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const [w, h] = rotated ? [meta.height, meta.width] : [meta.width, meta.height];
  const width = Math.min(w, PANEL_WIDTH);
  const height = Math.round((h * width) / w);
  if (height > MAX_PAGE_HEIGHT)
    throw badInput('pages', `${what}太长（缩放后超过 ${MAX_PAGE_HEIGHT} 像素），请切成几页`);
  const ext = panelExtension(height) as 'webp' | 'jpg';
  try {
    const image = open().rotate().resize({ width, height, fit: 'fill' });
    const out = await (ext === 'jpg'
      ? image.jpeg({ quality: 78, mozjpeg: true })
      : image.webp({ quality: 78 })
    ).toBuffer();
    return { bytes: out, width, height, ext };
  } catch {
    throw badInput('pages', `${what}已损坏，无法读取`);
  }
}

/** File names in the order a person numbers pages: 2.png before 10.png. */
export const byFileName = (a: string, b: string) =>
  a.localeCompare(b, 'zh-Hans-CN', { numeric: true, sensitivity: 'base' });
