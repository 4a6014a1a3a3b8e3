import { loadSharp } from '../../platform/sharp.ts';

// Demo pictures drawn as SVG and encoded to WebP with sharp, offline and without fonts
// (shapes only, so no glyph depends on what fonts the machine has).

export type Random = () => number;

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

/** A symmetric 5×5 identicon on a tinted disc: distinct per user, recognisable at 40 px. */
export function avatarSvg(random: Random): string {
  const hue = random() * 360;
  const cells: string[] = [];
  for (let y = 0; y < 5; y += 1) {
    for (let x = 0; x < 3; x += 1) {
      if (random() < 0.5) continue;
      for (const cx of new Set([x, 4 - x])) {
        cells.push(`<rect x="${24 + cx * 16}" y="${24 + y * 16}" width="16" height="16"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">
<rect width="128" height="128" fill="${hsl(hue, 70, 92)}"/>
<g fill="${hsl(hue, 65, 48)}">${cells.join('')}</g></svg>`;
}

/** A landscape, a pattern or a bokeh field, in one of many palettes. */
export function pictureSvg(random: Random, index: number): string {
  const w = 800;
  const h = 600;
  const hue = random() * 360;
  const kind = index % 3;
  const parts: string[] = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 80)}"/><stop offset="1" stop-color="${hsl(hue + 40, 60, 55)}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
  ];
  if (kind === 0) {
    parts.push(
      `<circle cx="${150 + random() * 500}" cy="${100 + random() * 120}" r="${40 + random() * 40}" fill="${hsl(hue + 180, 90, 85)}"/>`,
    );
    for (let layer = 0; layer < 3; layer += 1) {
      const base = 330 + layer * 90;
      const points = [`0,${h}`];
      for (let x = 0; x <= w; x += 100) points.push(`${x},${base - random() * 160}`);
      points.push(`${w},${h}`);
      parts.push(`<polygon points="${points.join(' ')}" fill="${hsl(hue + 200, 35, 45 - layer * 12)}"/>`);
    }
  } else if (kind === 1) {
    for (let i = 0; i < 14; i += 1) {
      const x = random() * w;
      const y = random() * h;
      const s = 40 + random() * 120;
      parts.push(
        `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${s / 5}" transform="rotate(${random() * 90} ${x} ${y})" fill="${hsl(hue + random() * 120, 70, 60)}" opacity="0.75"/>`,
      );
    }
  } else {
    for (let i = 0; i < 30; i += 1) {
      parts.push(
        `<circle cx="${random() * w}" cy="${random() * h}" r="${10 + random() * 70}" fill="${hsl(hue + random() * 60, 90, 90)}" opacity="${(0.2 + random() * 0.5).toFixed(2)}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`;
}

export const svgToWebp = async (svg: string, quality = 78): Promise<Buffer> =>
  (await loadSharp())(Buffer.from(svg)).webp({ quality }).toBuffer();
