import { loadSharp } from '../../platform/sharp.ts';
import { generator } from './prose.ts';

// Book covers drawn as SVG and encoded to WebP. No text is drawn: a fresh machine may lack CJK
// fonts, and the title is shown by the page beside the cover. Translucency is fill-opacity, never
// opacity (librsvg renders each `opacity` element on its own surface; see games/seed-media.ts).

const PALETTES: Array<[string, string, string]> = [
  ['#1b2a4a', '#5b3fa0', '#ffd27a'],
  ['#0f4c5c', '#2a9d8f', '#f4f1de'],
  ['#3d1e3a', '#b5446e', '#ffd6e0'],
  ['#0b132b', '#1c7ed6', '#9bf6ff'],
  ['#5c3d1e', '#a0522d', '#f6e3b4'],
  ['#1a1a1a', '#4a4e69', '#c9ada7'],
];

export function coverSvg(seed: number, genre: number): string {
  const [a, b, c] = PALETTES[genre % PALETTES.length];
  const rnd = generator(seed * 31 + 7);
  const circles = Array.from({ length: 7 }, () => {
    const x = Math.round(rnd() * 600);
    const y = Math.round(rnd() * 520);
    const r = Math.round(20 + rnd() * 120);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="${(0.06 + rnd() * 0.16).toFixed(2)}"/>`;
  }).join('');
  const ridges = Array.from({ length: 3 }, (_, i) => {
    const base = 560 + i * 70;
    const points = ['0,800', `0,${base}`];
    for (let x = 0; x <= 600; x += 75) points.push(`${x},${Math.round(base - rnd() * 150)}`);
    points.push('600,800');
    return `<polygon points="${points.join(' ')}" fill="${i % 2 ? a : b}" fill-opacity="${(0.55 + i * 0.15).toFixed(2)}"/>`;
  }).join('');
  const moon = `<circle cx="${Math.round(120 + rnd() * 360)}" cy="${Math.round(140 + rnd() * 160)}" r="${Math.round(40 + rnd() * 40)}" fill="${c}" fill-opacity="0.85"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="600" height="800" fill="url(#g)"/>${circles}${moon}${ridges}
<rect x="36" y="36" width="528" height="728" fill="none" stroke="${c}" stroke-opacity="0.5" stroke-width="4"/>
</svg>`;
}

export async function coverWebp(seed: number, genre: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(coverSvg(seed, genre)))
    .resize(300, 400)
    .webp({ quality: 78 })
    .toBuffer();
}
