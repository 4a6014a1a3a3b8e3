import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { takePageState } from './app/page-state';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startUp } from './app/startup';
import { loginHref } from './shared/lib/login-redirect';
import { nextTask } from './shared/lib/next-task';
import './styles/global.css';

/**
 * The browser's start (docs/decisions/0050-one-rendering-path.md). A page the server rendered
 * carries its query cache and router state (app/page-state.ts): the cache and router start from
 * them and React hydrates the server's markup, so the painted page is the live one. A page the
 * server did not render (needs login, over the server's time budget) is rendered here.
 */
async function start() {
  const state = takePageState();
  // On a page the server rendered, each step from here is a task of its own, none long on a slow
  // phone (Lighthouse counts every task over 50 ms after the first paint as blocking time): the
  // entry's evaluation ends here; the router is built in the next tasks (createAppRouter); React
  // hydrates in the ones after (below).
  if (state) await nextTask();
  const router = await createAppRouter(queryClient, state?.router);
  const goToLogin = () => {
    const here = `${window.location.pathname}${window.location.search}`;
    if (window.location.pathname !== '/login') void router.navigate(loginHref(here));
  };
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={state?.queries}>
          <StartUp goToLogin={goToLogin} />
          <RouterProvider router={router} />
        </HydrationBoundary>
      </QueryClientProvider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (state) {
    // The router was built in this task: hydration starts in the next one. In a transition, React hydrates in slices of a few ms and yields between them
    // (a default-priority hydration is one task: 100 ms and more on a list page on a phone, which
    // Lighthouse counts as blocking time). A tap on a button before it ends is held until the app
    // takes over (app/early-events-boot.js) and made then (the throttled first-paint taps of
    // e2e/tests/hydration.test.ts).
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // The browser renders the page itself once the route's page module is in (not a blank first render).
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((next) => {
        if (!next.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  // A page kept for another address (the service worker's offline shell) goes: this one is rendered here.
  container.replaceChildren();
  createRoot(container).render(app);
}

/**
 * The start-up calls (app/startup.ts), once the first render is on the page: their answers (the
 * square's tags, the client config) would otherwise reach the cache while React hydrates the
 * server's markup, which had none of them.
 */
function StartUp({ goToLogin }: { goToLogin: () => void }) {
  useEffect(() => startUp(queryClient, goToLogin), [goToLogin]);
  useEffect(() => {
    // The taps held since the first paint (app/early-events-boot.js) are made once the renders that
    // follow hydration (the account's and the device's state, run with these effects) are done.
    const timer = setTimeout(() => (window as { __ldTakeOver?: () => void }).__ldTakeOver?.(), 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

void start();
