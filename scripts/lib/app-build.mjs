// When `npm start` builds an app (the portal, the operator console): its dist/index.html is missing
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
 * True when the app at `app` must be built: no `dist/index.html`, or one older than a file under
 * its `sourceDirs`, its `index.html` or `contractSrc`.
 */
export function appBuildIsStale(app, sourceDirs, contractSrc) {
  const index = path.join(app, 'dist/index.html');
  if (!fs.existsSync(index)) return true;
  const sources = Math.max(
    ...sourceDirs.map((dir) => newestMtime(path.join(app, dir))),
    newestMtime(contractSrc),
    fs.statSync(path.join(app, 'index.html')).mtimeMs,
  );
  return fs.statSync(index).mtimeMs < sources;
}
