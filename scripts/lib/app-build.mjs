// When `npm start` builds an app (the portal, the operator console): a file of its build is missing
// or older than any of its sources, the shared contract's included.
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * True when the app at `app` must be built: one of its build's `outputs` (under `app`; by default
 * `dist/index.html`) is missing, or the oldest of them is older than a file under its
 * `sourceDirs`, its `index.html` or `contractSrc`. A build stopped half-way (Ctrl-C during the
 * web app's, which writes the browser's files before the server's render module) leaves an output
 * missing or old, so it is built again rather than served without its server rendering.
 */
export function appBuildIsStale(app, sourceDirs, contractSrc, outputs = ['dist/index.html']) {
  const files = outputs.map((output) => path.join(app, output));
  if (files.some((file) => !fs.existsSync(file))) return true;
  const sources = Math.max(
    ...sourceDirs.map((dir) => newestMtime(path.join(app, dir))),
    newestMtime(contractSrc),
    fs.statSync(path.join(app, 'index.html')).mtimeMs,
  );
  return Math.min(...files.map((file) => fs.statSync(file).mtimeMs)) < sources;
}
