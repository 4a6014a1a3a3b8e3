#!/usr/bin/env node
// What each chunk of a client build is made of, in gzip bytes (issue 21's first-load budget).
//
//   npx -w apps/web vite build --sourcemap --outDir /tmp/web-map
//   node apps/web/scripts/chunk-sources.mjs /tmp/web-map [chunk-name-prefix …] [--by=package] [--top=40]
//
// For every `assets/*.js` with a source map, the generated text is split by the source each
// mapping points at (text with no source, rolldown's glue and helpers, is `(none)`). Each source's
// share is gzipped on its own and the shares are scaled so they add up to the chunk's real gzip
// size: an estimate of what a source costs in that chunk (gzip's shared dictionary makes a source
// cheaper inside its chunk than alone), good for ranking, not for exact sums. `--by=package`
// groups node_modules sources by package and ours by folder (features/<name>, shared/<dir>, app).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--'));
if (!dist) {
  process.stderr.write(
    'usage: chunk-sources.mjs <dist> [chunk-prefix …] [--by=package] [--top=N] [--decls=part]\n',
  );
  process.exit(2);
}
const prefixes = args.filter((a) => !a.startsWith('--') && a !== dist);
const byPackage = args.includes('--by=package');
const declsOf = args.find((a) => a.startsWith('--decls='))?.slice('--decls='.length);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice('--top='.length) ?? 40);

const B64 = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** Source map `mappings` → per generated line, [column, sourceIndex | -1] segments in order. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let srcLine = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let col = 0;
    if (line) {
      for (const segment of line.split(',')) {
        const values = [];
        let value = 0;
        let shift = 0;
        for (const ch of segment) {
          const digit = B64.get(ch);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        col += values[0];
        if (values.length >= 4) {
          source += values[1];
          srcLine += values[2];
          segments.push([col, source, srcLine]);
        } else segments.push([col, -1, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

function label(source) {
  const file = source.replace(/\\/g, '/');
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return byPackage ? pkg : `${pkg}/${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}`;
  }
  const src = file.lastIndexOf('/src/');
  const ours = src >= 0 ? file.slice(src + 1) : file.replace(/^(\.\.\/)+/, '');
  if (!byPackage) return ours;
  const parts = ours.split('/');
  if (parts[0] === 'src' && (parts[1] === 'features' || parts[1] === 'shared'))
    return parts.slice(0, 3).join('/');
  if (parts[0] === 'src') return parts.length > 2 ? parts.slice(0, 2).join('/') : ours;
  return ours;
}

/** `--decls=<part of a source's label>`: that source split by its top-level declarations. */
const declCache = new Map();
function declAt(map, source, line) {
  let decls = declCache.get(map.sources[source]);
  if (!decls) {
    decls = [];
    (map.sourcesContent?.[source] ?? '').split('\n').forEach((text, i) => {
      const m = /^(?: {2})?(?:export )?(?:async )?(?:function\*?|class|var|let|const) ?([\w$]+)/.exec(text);
      if (m) decls.push([i, m[1]]);
    });
    declCache.set(map.sources[source], decls);
  }
  let name = '(top)';
  for (const [start, n] of decls) {
    if (start > line) break;
    name = n;
  }
  return name;
}

const gz = (text) => zlib.gzipSync(text, { level: 9 }).length;
const out = (line) => process.stdout.write(`${line}\n`);
const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(7);

const assets = path.join(dist, 'assets');
const chunks = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith('.js') && fs.existsSync(path.join(assets, `${f}.map`)))
  .filter((f) => prefixes.length === 0 || prefixes.some((p) => f.startsWith(p)))
  .sort();
if (chunks.length === 0)
  process.stderr.write(`no chunk with a source map in ${assets} (build with --sourcemap)\n`);

for (const file of chunks) {
  const code = fs
    .readFileSync(path.join(assets, file), 'utf8')
    .replace(/\n\/\/# sourceMappingURL=.*\s*$/, '');
  const map = JSON.parse(fs.readFileSync(path.join(assets, `${file}.map`), 'utf8'));
  const decoded = decodeMappings(map.mappings);
  const parts = new Map();
  const add = (key, text) => {
    if (!text) return;
    const list = parts.get(key);
    if (list) list.push(text);
    else parts.set(key, [text]);
  };
  const codeLines = code.split('\n');
  codeLines.forEach((text, i) => {
    const segments = decoded[i] ?? [];
    let from = 0;
    let owner = '(none)';
    for (const [col, source, srcLine] of segments) {
      add(owner, text.slice(from, col));
      from = col;
      owner = source >= 0 ? label(map.sources[source]) : '(none)';
      if (declsOf && source >= 0 && owner.includes(declsOf))
        owner = `${owner} ${declAt(map, source, srcLine)}`;
    }
    add(owner, `${text.slice(from)}\n`);
  });
  const total = gz(code);
  const rows = [...parts].map(([key, texts]) => {
    const text = texts.join('');
    return { key, raw: Buffer.byteLength(text), alone: gz(text) };
  });
  const aloneSum = rows.reduce((n, r) => n + r.alone, 0);
  rows.sort((a, b) => b.alone - a.alone);
  out(
    `\n${file}: ${kb(Buffer.byteLength(code))} KB raw, ${kb(total)} KB gzip (zlib -9), ${rows.length} sources`,
  );
  for (const r of rows.slice(0, top)) {
    out(`  ${kb((r.alone / aloneSum) * total)} KB gz  ${kb(r.raw)} KB raw  ${r.key}`);
  }
  if (rows.length > top) {
    const rest = rows.slice(top);
    const share = rest.reduce((n, r) => n + r.alone, 0) / aloneSum;
    out(`  ${kb(share * total)} KB gz  … ${rest.length} more`);
  }
}
