import { crc32 } from 'node:zlib';
import { loadSharp } from '../../platform/sharp.ts';

// Demo pictures for games, drawn as SVG (gradients and shapes, Latin monograms only, so no CJK
// font is needed) and encoded to WebP; and tiny but valid ZIP packages standing in for .apk/.ipa.
// Translucency is fill-opacity, never opacity: librsvg draws each `opacity` element on its own
// full-size surface, which made a screenshot several times slower to render.

const PALETTES: Array<[string, string, string]> = [
  ['#4f8cff', '#7b5cff', '#ffd166'],
  ['#ff7a59', '#ff3d7f', '#fff3b0'],
  ['#20c997', '#1c7ed6', '#e6fcf5'],
  ['#845ef7', '#f06595', '#ffe066'],
  ['#fab005', '#fd7e14', '#fff9db'],
  ['#15aabf', '#364fc7', '#c5f6fa'],
  ['#51cf66', '#2b8a3e', '#f4fce3'],
  ['#e64980', '#862e9c', '#ffdeeb'],
];

const palette = (seed: number) => PALETTES[seed % PALETTES.length];

/** A small deterministic generator, so the same game always gets the same picture. */
function generator(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function iconSvg(seed: number, mark: string): string {
  const [a, b, c] = palette(seed);
  const rnd = generator(seed + 7);
  const shapes = Array.from({ length: 5 }, () => {
    const x = Math.round(rnd() * 512);
    const y = Math.round(rnd() * 512);
    const r = Math.round(40 + rnd() * 110);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="${(0.08 + rnd() * 0.17).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<clipPath id="r"><rect width="512" height="512" rx="112"/></clipPath></defs>
<rect width="512" height="512" rx="112" fill="url(#g)"/><g clip-path="url(#r)">${shapes}</g>
<polygon points="256,92 420,256 256,420 92,256" fill="none" stroke="${c}" stroke-width="14" stroke-opacity="0.55"/>
<text x="256" y="300" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="150" fill="#ffffff">${escapeXml(mark)}</text>
</svg>`;
}

/** A portrait "in-game" scene: sky, sun, hills, a hero shape and a HUD, varied per shot. */
export function screenshotSvg(seed: number, shot: number, mark: string): string {
  const [a, b, c] = palette(seed + shot);
  const rnd = generator(seed * 31 + shot);
  const hills = Array.from({ length: 3 }, (_, i) => {
    const base = 820 + i * 120;
    const points = [`0,1280`, `0,${base}`];
    for (let x = 0; x <= 720; x += 120) points.push(`${x},${Math.round(base - rnd() * 160)}`);
    points.push('720,1280');
    return `<polygon points="${points.join(' ')}" fill="${i % 2 ? a : b}" fill-opacity="${0.45 + i * 0.2}"/>`;
  }).join('');
  const stars = Array.from({ length: 24 }, () => {
    const x = Math.round(rnd() * 720);
    const y = Math.round(rnd() * 700);
    return `<circle cx="${x}" cy="${y}" r="${(1 + rnd() * 4).toFixed(1)}" fill="#fff" fill-opacity="0.8"/>`;
  }).join('');
  const heroX = Math.round(200 + rnd() * 320);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" viewBox="0 0 720 1280">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient></defs>
<rect width="720" height="1280" fill="url(#s)"/>${stars}
<circle cx="${Math.round(120 + rnd() * 480)}" cy="${Math.round(220 + rnd() * 260)}" r="${Math.round(70 + rnd() * 60)}" fill="${c}" fill-opacity="0.9"/>
${hills}
<g transform="translate(${heroX},${Math.round(700 + rnd() * 120)})">
  <polygon points="0,-90 60,40 0,10 -60,40" fill="#ffffff" fill-opacity="0.92"/>
  <circle cx="0" cy="-20" r="16" fill="${a}"/>
</g>
<rect x="24" y="32" width="300" height="28" rx="14" fill="#000" fill-opacity="0.35"/>
<rect x="28" y="36" width="${Math.round(120 + rnd() * 170)}" height="20" rx="10" fill="#ff6b6b"/>
<rect x="24" y="72" width="220" height="20" rx="10" fill="#000" fill-opacity="0.35"/>
<rect x="28" y="76" width="${Math.round(60 + rnd() * 150)}" height="12" rx="6" fill="#4dabf7"/>
<circle cx="620" cy="1150" r="70" fill="#fff" fill-opacity="0.25"/>
<circle cx="110" cy="1150" r="80" fill="#fff" fill-opacity="0.18"/>
<text x="660" y="64" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="40" fill="#fff" fill-opacity="0.9">${escapeXml(mark)} · ${shot + 1}</text>
</svg>`;
}

/** Effort 0 encodes several times faster than the default and is plenty for flat demo art. */
export const renderWebp = async (svg: string, quality = 72): Promise<Buffer> =>
  (await loadSharp())(Buffer.from(svg)).webp({ quality, effort: 0 }).toBuffer();

/** A valid ZIP archive (stored, not compressed) of the given text files. */
export function zipOf(files: Array<{ name: string; text: string }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
