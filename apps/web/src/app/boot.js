// The start of the app on a page whose #root the server rendered (docs/decisions/0044-server-rendered-first-screen.md,
// addenda): its module scripts and preloads are added only once that screen has painted with the
// pictures of its first screen, in the order the build gave them, so nothing of the app is fetched
// or run before the first paint. The server lists them in this script's data attributes
// (apps/server/src/platform/first-frame.ts).
(() => {
  // A link's channel (`code`) and invite code, kept at once as the app's captureAttribution does
  // (shared/stores/device.ts, same keys and rule): a visitor may leave the painted page for
  // another before the app has run, and the register page reads them from storage.
  try {
    const query = new URLSearchParams(location.search);
    for (const param of ['code', 'inviteCode']) {
      const value = query.get(param);
      if (value && /^[\w-]{1,32}$/.test(value))
        localStorage.setItem(param === 'code' ? 'channelID' : param, value);
    }
  } catch {}
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
  // Once the screen and the pictures of its first screen are on it: they get the network to
  // themselves instead of sharing it with the app's code, which cannot show the screen any sooner.
  // A picture counts once decoded (`decode()`: fetched is not yet painted) or failed. Each wait
  // ends a frame after the one that paints, so the code is asked for once that paint is on the
  // screen. A hidden tab, whose frames wait, and a slow picture start it on a timer.
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  requestAnimationFrame(() => {
    const onScreen = [...document.querySelectorAll('#root img')].filter((img) => {
      const box = img.getBoundingClientRect();
      return (
        box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
      );
    });
    if (onScreen.length === 0) afterNextFrame();
    else
      Promise.all(onScreen.map((img) => img.decode?.().catch(() => {}))).then(() =>
        requestAnimationFrame(afterNextFrame),
      );
  });
  setTimeout(start, 2000);
})();
