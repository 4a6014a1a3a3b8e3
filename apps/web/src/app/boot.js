// The start of the app on a page whose #root the server rendered (docs/decisions/0044-server-rendered-first-screen.md,
// addendum): its module scripts and preloads are added only once that screen has painted, in the
// order the build gave them, so nothing of the app is fetched or run before the first paint. The
// server lists them in this script's data attributes (apps/server/src/platform/first-frame.ts).
(() => {
  const boot = document.currentScript;
  const list = (name) => (boot?.getAttribute(`data-${name}`) ?? '').split(' ').filter(Boolean);
  const add = (tag, props) => document.head.appendChild(Object.assign(document.createElement(tag), props));
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const src of list('scripts')) add('script', { type: 'module', crossOrigin: '', async: false, src });
    for (const href of list('modules')) add('link', { rel: 'modulepreload', crossOrigin: '', href });
    for (const href of list('styles')) add('link', { rel: 'preload', as: 'style', crossOrigin: '', href });
  };
  // After the frame that paints the screen; a hidden tab, whose frames wait, starts on a timer.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 2000);
})();
