import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { takePageState } from './app/page-state';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startUp } from './app/startup';
import { loginHref } from './shared/lib/login-redirect';
import './styles/global.css';

/**
 * The browser's start (docs/decisions/0050-one-rendering-path.md). A page the server rendered
 * carries its query cache and router state (app/page-state.ts): the cache and router start from
 * them and React hydrates the server's markup, so the painted page is the live one. A page the
 * server did not render (needs login, over the server's time budget) is rendered here.
 */
async function start() {
  const state = takePageState();
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
    hydrateRoot(container, app);
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
  return null;
}

void start();
