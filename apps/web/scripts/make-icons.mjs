// Makes the home-screen icons of the web manifest and the Apple touch icon from the brand logo
// (apps/web/public/brand/logo.svg) with sharp: `node apps/web/scripts/make-icons.mjs`. The PNGs are
// committed (public/icons/); run again after the logo changes (docs/decisions/0051-installable-portal.md).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const logo = fs.readFileSync(path.join(web, 'public/brand/logo.svg'), 'utf8');
const out = path.join(web, 'public/icons');

// "any" icons: the logo as it is (a rounded tile with the diamond).
// Full-bleed icons (maskable, Apple's): the tile's gradient to every edge, the diamond within the
// safe zone (the centre circle of 80%) that a launcher's mask never cuts.
const defs = /<defs>.*<\/defs>/.exec(logo)?.[0];
const shapes = logo.replace(/^.*?<\/defs><rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '');
if (!defs || shapes === logo)
  throw new Error('logo.svg no longer has the expected shape: update this script');
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(.78) translate(-32 -32)">${shapes}</g></svg>`;

const icons = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

fs.mkdirSync(out, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.info(`${file}: ${size}×${size}, ${fs.statSync(path.join(out, file)).size} bytes`);
}
