// The novel reader's settings before the app starts (docs/decisions/0050-one-rendering-path.md,
// "The novel reader on the server"): the server renders the chapter in neutral markup
// (`.reader--device`, no size of its own), and this inline script in the page's head, run before
// the first paint, gives it the device's settings from the reader's local copy (`ld-reader-prefs`,
// reader-prefs.ts) as attributes and custom properties on <html> that reader.css reads: theme,
// font size and line height. Page mode lays the text out in columns the app measures: the text
// waits hidden for it. After hydration the reader renders the same settings itself.
(() => {
  try {
    const prefs = JSON.parse(localStorage.getItem('ld-reader-prefs'));
    if (!prefs || typeof prefs !== 'object') return;
    const root = document.documentElement;
    if (/^[a-z]{1,10}$/.test(prefs.theme)) root.setAttribute('data-reader-theme', prefs.theme);
    if (typeof prefs.fontSize === 'number' && prefs.fontSize > 0)
      root.style.setProperty('--rd-font-size', `${prefs.fontSize / 16}rem`);
    if (typeof prefs.lineHeight === 'number' && prefs.lineHeight > 0)
      root.style.setProperty('--rd-line-height', String(prefs.lineHeight));
    if (prefs.mode === 'page') root.setAttribute('data-reader-wait', '');
  } catch {}
})();
