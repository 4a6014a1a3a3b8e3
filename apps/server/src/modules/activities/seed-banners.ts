import { loadSharp } from '../../platform/sharp.ts';

// Activity banners drawn as SVG and encoded to WebP (16:9). No text is drawn: a fresh machine may
// lack CJK fonts, and the page shows the title beside the banner. Translucency is fill-opacity,
// never opacity (see games/seed-media.ts).

const PALETTES: Array<[string, string, string]> = [
  ['#1c7ed6', '#7048e8', '#ffd43b'],
  ['#0ca678', '#1971c2', '#e6fcf5'],
  ['#e8590c', '#d6336c', '#fff3bf'],
  ['#5f3dc4', '#c2255c', '#ffdeeb'],
  ['#495057', '#1864ab', '#d0ebff'],
];

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

export function bannerSvg(seed: number): string {
  const [a, b, c] = PALETTES[seed % PALETTES.length];
  const rnd = generator(seed + 11);
  const bubbles = Array.from({ length: 9 }, () => {
    const x = Math.round(rnd() * 960);
    const y = Math.round(rnd() * 540);
    const r = Math.round(20 + rnd() * 130);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="${(0.08 + rnd() * 0.18).toFixed(2)}"/>`;
  }).join('');
  // A gift box and a few diamonds: the activity's rewards.
  const diamonds = Array.from({ length: 4 }, (_, i) => {
    const x = 560 + i * 90 + Math.round(rnd() * 30);
    const y = 90 + Math.round(rnd() * 120);
    return `<polygon points="${x},${y} ${x + 26},${y - 24} ${x + 52},${y} ${x + 26},${y + 40}" fill="${c}" fill-opacity="0.9"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540" viewBox="0 0 960 540">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="960" height="540" fill="url(#g)"/>${bubbles}
<rect x="600" y="290" width="240" height="180" rx="16" fill="${c}" fill-opacity="0.92"/>
<rect x="580" y="250" width="280" height="60" rx="14" fill="${c}"/>
<rect x="706" y="250" width="28" height="220" fill="${a}"/>
<path d="M720 250 C 660 180, 620 230, 700 250 M720 250 C 780 180, 820 230, 740 250" stroke="${a}" stroke-width="14" fill="none"/>
${diamonds}
</svg>`;
}

export async function bannerWebp(seed: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(bannerSvg(seed)))
    .resize(720, 405)
    .webp({ quality: 78 })
    .toBuffer();
}
