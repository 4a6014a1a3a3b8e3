// The start-up bulletin in the server's HTML (features/bulletin/components/boot-bulletin.tsx;
// docs/decisions/0044-server-rendered-first-screen.md, addendum "the bulletin in the HTML"). Inline,
// right after the dialog, so it runs before the first paint: it opens the dialog when this
// visitor has not seen the bulletin today, with the rules of the app's popup queue
// (shared/lib/popup-queue.ts, features/bulletin/lib/hide-today.ts): per account (`ld-account`'s
// uid, empty for a guest), `{uid}:not-show` and `{uid}:popup:bulletin` within today
// (Asia/Shanghai) keep it closed. Once open it counts as shown today; 今日不再提示 ticked at close
// is kept under `{uid}:not-show`. Without storage it stays closed and the app's queue decides.
(() => {
  const dialog = document.getElementById('boot-bulletin');
  if (!dialog?.showModal) return;
  const day = 86400000;
  const now = Date.now();
  const today = now - ((now + 8 * 3600000) % day);
  const isToday = (stored) => /^\d{10,16}$/.test(stored ?? '') && +stored >= today && +stored < today + day;
  try {
    let uid = '';
    try {
      const stored = JSON.parse(localStorage.getItem('ld-account'));
      const account = stored?.version === 1 ? stored.state?.account : undefined;
      if (typeof account?.uid === 'string') uid = account.uid;
    } catch {}
    if (
      isToday(localStorage.getItem(`${uid}:not-show`)) ||
      isToday(localStorage.getItem(`${uid}:popup:bulletin`))
    )
      return;
    dialog.addEventListener('close', () => {
      if (dialog.querySelector('input[name=hide]')?.checked)
        localStorage.setItem(`${uid}:not-show`, String(Date.now()));
    });
    // A tap on the mask around the box closes it, as on the app's dialogs.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.showModal();
    // The dialog itself, not its first control (the close button, with its focus ring), as the
    // app's dialogs do: Tab then starts inside it.
    dialog.focus();
    localStorage.setItem(`${uid}:popup:bulletin`, String(now));
  } catch {}
})();
