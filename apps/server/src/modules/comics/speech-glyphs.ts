import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

// Speech in the demo panels is drawn as SVG paths, not <text>: sharp's SVG renderer would pick a
// system font, and a fresh machine may have no CJK font at all (every character a box). The glyphs
// come from ZCOOL KuaiLe (OFL), shipped by the npm package @fontsource/zcool-kuaile, read with
// opentype.js (docs/decisions/0036-comics.md). Parsing the font (0.9 MB WOFF) takes ~80 ms, once,
// and only when a panel is drawn.

const FONT_FILE = '@fontsource/zcool-kuaile/files/zcool-kuaile-chinese-simplified-400-normal.woff';

let font: opentype.Font | null = null;

function loadFont(): opentype.Font {
  if (!font) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

/** Characters the font has no glyph for (tests keep every demo line drawable). */
export function missingGlyphs(text: string): string[] {
  const f = loadFont();
  return [...new Set([...text])].filter((ch) => f.charToGlyph(ch).index === 0);
}

/** Punctuation that must not start a line. */
const NO_LINE_START = new Set('，。！？、；：…）」』”');

/** Breaks a line of speech into lines of at most `perLine` characters, keeping punctuation attached. */
export function wrapSpeech(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if ([...line].length >= perLine && !NO_LINE_START.has(ch)) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/** The advance of one character at `size` px (ZCOOL KuaiLe's CJK glyphs are 0.92 em wide). */
export function advanceOf(size: number): number {
  return size * 0.92;
}

const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/**
 * A glyph outline as SVG path data. Written here rather than by opentype.js's `toPathData`, whose
 * path optimiser (on by default in 1.3.5) left a `NaN` in some glyphs at some positions (的 lost
 * its counter), which librsvg then filled wrongly.
 */
function pathData(path: opentype.Path): string {
  let d = '';
  for (const c of path.commands) {
    const values =
      c.type === 'M' || c.type === 'L'
        ? [c.x, c.y]
        : c.type === 'Q'
          ? [c.x1, c.y1, c.x, c.y]
          : c.type === 'C'
            ? [c.x1, c.y1, c.x2, c.y2, c.x, c.y]
            : [];
    if (!values.every(Number.isFinite)) continue;
    d += c.type + values.map(n).join(' ');
  }
  return d;
}

/**
 * SVG `<path>` elements drawing `text` on one line with its left end at `x` and baseline at `y`.
 * One path per glyph: a single path of many glyphs lost glyphs in librsvg.
 */
export function textPaths(text: string, x: number, y: number, size: number, fill: string): string {
  const f = loadFont();
  let at = x;
  let out = '';
  for (const ch of text) {
    const glyph = f.charToGlyph(ch);
    const d = pathData(glyph.getPath(at, y, size));
    if (d) out += `<path d="${d}" fill="${fill}"/>`;
    at += ((glyph.advanceWidth ?? f.unitsPerEm) / f.unitsPerEm) * size;
  }
  return out;
}
