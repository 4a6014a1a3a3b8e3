import { loadSharp } from '../../platform/sharp.ts';
import { CATEGORIES } from './seed-content.ts';
import { advanceOf, textPaths, wrapSpeech } from './speech-glyphs.ts';

// Demo panels and covers drawn as SVG and encoded by sharp (docs/decisions/0036-comics.md): a
// scene (sky, ground, houses or hills, one or two figures) in the category's palette, and a speech
// bubble whose Chinese text is glyph paths (speech-glyphs.ts), so no system font is needed.
// Translucency is fill-opacity, never opacity (librsvg renders each `opacity` element on its own
// surface; see games/seed-media.ts). Everything follows from the seed: the same panel is drawn
// the same on every machine.

/** The stored width of every demo panel; the client asks for its display width with `?w=`. */
export const PANEL_WIDTH = 720;
/** Heights a demo panel is drawn at (chosen per panel from the seed). */
const PANEL_HEIGHTS = [540, 720, 880, 1040, 1280];
/** The one tall panel (issue 9: taller than 20,000 px). WebP stops at 16,383 px, so it is a JPEG. */
export const TALL_PANEL_HEIGHT = 20_480;

const PALETTES: Array<{
  sky: [string, string];
  ground: string;
  accent: string;
  skin: string;
  cloth: string;
}> = [
  { sky: ['#ffd6e0', '#fff1e6'], ground: '#f4a7b9', accent: '#e85d75', skin: '#ffe0c7', cloth: '#7b6cf6' },
  { sky: ['#ffb347', '#ffe29a'], ground: '#c0392b', accent: '#1f3b73', skin: '#f5cba7', cloth: '#e74c3c' },
  { sky: ['#1b1f3b', '#4a4e69'], ground: '#22223b', accent: '#c9ada7', skin: '#e0d6cf', cloth: '#3a506b' },
  { sky: ['#a8e6cf', '#fdffab'], ground: '#79c267', accent: '#ff8b94', skin: '#ffd3b6', cloth: '#ffaaa5' },
  { sky: ['#2c2a6b', '#8e7cc3'], ground: '#3d5a80', accent: '#ffd166', skin: '#f7dcc4', cloth: '#06d6a0' },
];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A comic's category from its demo seed (seed % 5, as the seed assigns it). */
export const categoryOfSeed = (seed: number) => seed % CATEGORIES.length;

const DIGITS = '零一二三四五六七八九';
/** 1–999 in Chinese numerals (第十二话): the speech font's digits are not needed. */
export function chineseNumber(n: number): string {
  if (n < 10) return DIGITS[n];
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ''}`;
  if (n < 100) return `${DIGITS[Math.floor(n / 10)]}十${n % 10 ? DIGITS[n % 10] : ''}`;
  const rest = n % 100;
  const tail =
    rest === 0
      ? ''
      : rest < 10
        ? `零${DIGITS[rest]}`
        : rest < 20
          ? `一${chineseNumber(rest)}`
          : chineseNumber(rest);
  return `${DIGITS[Math.floor(n / 100)]}百${tail}`;
}

/** An episode's title: `第N话 <title>` in reading order. */
export function episodeTitle(seed: number, idx: number): string {
  const titles = CATEGORIES[categoryOfSeed(seed)].episodeTitles;
  return `第${idx}话 ${titles[(idx - 1 + seed) % titles.length]}`;
}

/** The demo panels of an episode: how many and how tall (the rows are stored at seed time). */
export function panelHeights(seed: number, episodeIdx: number, tall: boolean): number[] {
  const rnd = random(seed * 1009 + episodeIdx * 31);
  const count = 5 + Math.floor(rnd() * 3);
  const heights = Array.from(
    { length: count },
    () => PANEL_HEIGHTS[Math.floor(rnd() * PANEL_HEIGHTS.length)],
  );
  if (tall && episodeIdx === 1) heights.splice(2, 0, TALL_PANEL_HEIGHT);
  return heights;
}

function figure(
  x: number,
  ground: number,
  scale: number,
  skin: string,
  cloth: string,
  facing: number,
): string {
  const head = 46 * scale;
  const bodyTop = ground - 230 * scale;
  const headY = bodyTop - head * 0.9;
  const eye = facing * 14 * scale;
  return [
    `<rect x="${x - 50 * scale}" y="${bodyTop}" width="${100 * scale}" height="${230 * scale}" rx="${40 * scale}" fill="${cloth}"/>`,
    `<circle cx="${x}" cy="${headY}" r="${head}" fill="${skin}" stroke="#222" stroke-width="${3 * scale}"/>`,
    `<circle cx="${x + eye - 12 * scale}" cy="${headY - 6 * scale}" r="${5 * scale}" fill="#222"/>`,
    `<circle cx="${x + eye + 12 * scale}" cy="${headY - 6 * scale}" r="${5 * scale}" fill="#222"/>`,
    `<path d="M${x + eye - 12 * scale} ${headY + 16 * scale} Q${x + eye} ${headY + 26 * scale} ${x + eye + 12 * scale} ${headY + 16 * scale}" fill="none" stroke="#222" stroke-width="${3 * scale}"/>`,
  ].join('');
}

/** A speech bubble at (cx, cy) with its tail toward (tx, ty). */
function bubble(text: string, cx: number, cy: number, tx: number, ty: number): string {
  const size = 34;
  const lines = wrapSpeech(text, 8);
  const longest = Math.max(...lines.map((l) => [...l].length));
  const w = longest * advanceOf(size) + 56;
  const h = lines.length * size * 1.3 + 40;
  const left = Math.max(24, Math.min(PANEL_WIDTH - 24 - w, cx - w / 2));
  const top = cy - h / 2;
  const baseX = Math.max(left + 30, Math.min(left + w - 30, tx));
  const tail = `<polygon points="${baseX - 18},${top + h - 4} ${baseX + 18},${top + h - 4} ${tx},${ty}" fill="#fff" stroke="#222" stroke-width="3"/>`;
  const body = `<rect x="${left}" y="${top}" width="${w}" height="${h}" rx="${Math.min(h / 2, 48)}" fill="#fff" stroke="#222" stroke-width="3"/>`;
  // The tail's joint is painted over so the bubble reads as one shape.
  const joint = `<rect x="${baseX - 16}" y="${top + h - 8}" width="32" height="6" fill="#fff"/>`;
  const words = lines
    .map((line, i) => textPaths(line, left + 28, top + 20 + size * (i + 1) * 1.3 - size * 0.3, size, '#222'))
    .join('');
  return tail + body + joint + words;
}

/** A caption box in the panel's top-left corner (the episode's title on its first panel). */
function caption(text: string): string {
  const size = 30;
  const w = [...text].length * advanceOf(size) + 40;
  return `<rect x="24" y="24" width="${w}" height="${size + 28}" fill="#fffbe6" stroke="#222" stroke-width="3"/>${textPaths(text, 44, 24 + size + 6, size, '#222')}`;
}

function scene(rnd: () => number, height: number, top: number, palette: (typeof PALETTES)[number]): string {
  const ground = top + height * (0.72 + rnd() * 0.12);
  const parts: string[] = [];
  const sunX = 80 + rnd() * (PANEL_WIDTH - 160);
  parts.push(
    `<circle cx="${sunX}" cy="${top + height * 0.2}" r="${40 + rnd() * 40}" fill="${palette.accent}" fill-opacity="0.55"/>`,
  );
  for (let i = 0; i < 4; i += 1) {
    const w = 90 + rnd() * 120;
    const x = 16 + rnd() * (PANEL_WIDTH - 32 - w);
    const h = height * (0.15 + rnd() * 0.3);
    parts.push(
      `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${palette.ground}" fill-opacity="${(0.35 + rnd() * 0.3).toFixed(2)}"/>`,
    );
  }
  parts.push(
    `<rect x="16" y="${ground}" width="${PANEL_WIDTH - 32}" height="${top + height - ground}" fill="${palette.ground}"/>`,
  );
  const scale = Math.min(1.2, Math.max(0.6, height / 1000));
  const people = rnd() < 0.5 ? 1 : 2;
  for (let i = 0; i < people; i += 1) {
    const x = people === 1 ? 200 + rnd() * 320 : 170 + i * 380 + rnd() * 40;
    parts.push(figure(x, ground, scale, palette.skin, i ? palette.accent : palette.cloth, i ? -1 : 1));
  }
  return parts.join('');
}

interface PanelSpec {
  seed: number;
  episodeIdx: number;
  panelIdx: number;
  height: number;
}

/** The SVG of one demo panel. */
export function panelSvg({ seed, episodeIdx, panelIdx, height }: PanelSpec): string {
  const category = categoryOfSeed(seed);
  const palette = PALETTES[category];
  const lines = CATEGORIES[category].lines;
  const rnd = random(seed * 7919 + episodeIdx * 104_729 + panelIdx * 613);
  const parts: string[] = [];
  // The strip is read as one column: each panel ends in a white gutter.
  const frame = 16;
  const inner = height - frame * 2;
  // One scene per 1,200 px, so the tall panel is a long fall past many of them.
  const scenes = Math.max(1, Math.round(inner / 1200));
  const step = inner / scenes;
  for (let s = 0; s < scenes; s += 1) {
    const top = frame + s * step;
    parts.push(scene(rnd, step, top, palette));
    const say = lines[(seed * 7 + episodeIdx * 3 + panelIdx + s) % lines.length];
    if ((panelIdx + s) % 3 !== 2 || scenes > 1) {
      const cy = top + step * (0.28 + rnd() * 0.1);
      parts.push(bubble(say, 140 + rnd() * 440, cy, 200 + rnd() * 320, cy + 130));
    }
  }
  if (panelIdx === 0) {
    const title = episodeTitle(seed, episodeIdx).replace(/^第\d+话/, `第${chineseNumber(episodeIdx)}话`);
    parts.push(caption(title));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PANEL_WIDTH}" height="${height}" viewBox="0 0 ${PANEL_WIDTH} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
<rect width="${PANEL_WIDTH}" height="${height}" fill="#fff"/>
<rect x="${frame}" y="${frame}" width="${PANEL_WIDTH - frame * 2}" height="${inner}" fill="url(#sky)"/>
${parts.join('')}
<rect x="${frame}" y="${frame}" width="${PANEL_WIDTH - frame * 2}" height="${inner}" fill="none" stroke="#222" stroke-width="6"/>
</svg>`;
}

/** The stored extension of a panel of this height (WebP up to its 16,383 px limit, else JPEG). */
export const panelExtension = (height: number) => (height > 16_383 ? 'jpg' : 'webp');

/** One demo panel encoded for storage. */
export async function panelImage(spec: PanelSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(panelSvg(spec)), { limitInputPixels: 40_000_000 });
  return panelExtension(spec.height) === 'jpg'
    ? image.jpeg({ quality: 78, mozjpeg: true }).toBuffer()
    : image.webp({ quality: 78 }).toBuffer();
}

const COVER_CLOTHES = [
  '#7b6cf6',
  '#e74c3c',
  '#3a506b',
  '#ffaaa5',
  '#06d6a0',
  '#f4a261',
  '#2a9d8f',
  '#e76f51',
];

/**
 * A comic's cover: one to three figures in the category's palette, a pattern and the title in
 * the speech font (glyph paths, no system font), varied by the seed so a grid of them reads as
 * different comics.
 */
export function coverSvg(seed: number, title = ''): string {
  const palette = PALETTES[categoryOfSeed(seed)];
  const rnd = random(seed * 31 + 7);
  const parts: string[] = [];
  const stripes = Math.floor(rnd() * 3);
  for (let i = 0; i < 12; i += 1) {
    if (stripes === 0) {
      parts.push(
        `<rect x="${i * 60 - 200}" y="0" width="24" height="1200" transform="rotate(${20 + rnd() * 10} 300 400)" fill="#fff" fill-opacity="0.18"/>`,
      );
    } else if (stripes === 1) {
      parts.push(
        `<circle cx="${rnd() * 600}" cy="${rnd() * 600}" r="${10 + rnd() * 50}" fill="#fff" fill-opacity="0.22"/>`,
      );
    } else {
      parts.push(
        `<polygon points="${rnd() * 600},${rnd() * 600} ${rnd() * 600},${rnd() * 600} ${rnd() * 600},${rnd() * 600}" fill="${palette.accent}" fill-opacity="0.12"/>`,
      );
    }
  }
  parts.push(
    `<circle cx="${120 + rnd() * 360}" cy="${160 + rnd() * 120}" r="${60 + rnd() * 60}" fill="${palette.accent}" fill-opacity="0.5"/>`,
  );
  parts.push(`<rect x="0" y="${620 + rnd() * 60}" width="600" height="200" fill="${palette.ground}"/>`);
  const people = 1 + Math.floor(rnd() * 3);
  const scale = people === 1 ? 1.7 : people === 2 ? 1.5 : 1.3;
  for (let i = 0; i < people; i += 1) {
    const x = (600 / (people + 1)) * (i + 1) + (rnd() - 0.5) * 40;
    const cloth = COVER_CLOTHES[Math.floor(rnd() * COVER_CLOTHES.length)];
    parts.push(figure(x, 720 - i * 12, scale, palette.skin, cloth, rnd() < 0.5 ? -1 : 1));
  }
  if (title) {
    const chars = [...title].length;
    const size = Math.min(72, Math.floor(520 / (chars * 0.92)));
    const width = chars * advanceOf(size);
    const left = (600 - width) / 2;
    parts.push(
      `<rect x="${left - 24}" y="48" width="${width + 48}" height="${size + 40}" rx="16" fill="#fff" fill-opacity="0.9" stroke="#222" stroke-width="4"/>`,
    );
    parts.push(textPaths(title, left, 48 + 20 + size * 0.86, size, '#222'));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
<rect width="600" height="800" fill="url(#sky)"/>
${parts.join('')}
<rect x="20" y="20" width="560" height="760" fill="none" stroke="${palette.accent}" stroke-width="8"/>
</svg>`;
}

export async function coverWebp(seed: number, title = ''): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(coverSvg(seed, title)))
    .resize(300, 400)
    .webp({ quality: 78 })
    .toBuffer();
}
