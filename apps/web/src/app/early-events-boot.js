// What happens on the page before the app has taken it over (docs/decisions/0050-one-rendering-path.md,
// "A tap works from the first paint"). Inline in the head of every page the server rendered, so it
// runs before the first paint.
// Taps: a link navigates by itself and React replays what is typed into a field, but a button does
// nothing until the app has hydrated it and rendered the account's and the device's state after
// hydration. So a tap on a button (or a tab, switch, check box…) inside #root until then is held,
// and made again on the same element when the app calls `window.__ldTakeOver()` (src/main.tsx). A
// button tapped again while held is made once. A held button shows it was taken (`data-held`,
// dimmed by styles/global.css) until then.
// Images: one that fails to load before React has hydrated it fires its error event before React
// listens; it is kept in `window.__ldFailedImages` (a WeakSet, so the markup React hydrates is not
// touched), which shared/ui/image.tsx and avatar.tsx read as they hydrate.
(() => {
  const held = [];
  const own = 'a[href],input,textarea,select,label,summary';
  const hold = (event) => {
    const root = document.getElementById('root');
    const target = event.target;
    if (!root || !(target instanceof Element)) return;
    const hit = target.closest(
      `${own},button,[role=button],[role=tab],[role=switch],[role=checkbox],[role=radio],[role=menuitem],[role=option]`,
    );
    if (!hit || !root.contains(hit) || hit.matches(own) || hit.matches(':disabled,[aria-disabled=true]'))
      return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(hit)) held.push(hit);
    hit.setAttribute('data-held', '');
  };
  addEventListener('click', hold, true);
  const failed = new WeakSet();
  window.__ldFailedImages = failed;
  addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) failed.add(event.target);
    },
    true,
  );
  window.__ldTakeOver = () => {
    window.__ldTakeOver = undefined;
    removeEventListener('click', hold, true);
    for (const element of held.splice(0)) {
      element.removeAttribute('data-held');
      if (element.isConnected) element.click();
    }
  };
})();
