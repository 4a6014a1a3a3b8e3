import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startUp } from './app/startup';
import { seedScreenQueries } from './shared/http/screen-queries';
import { loginHref } from './shared/lib/login-redirect';
import { getAccount } from './shared/stores/account';
import './styles/global.css';
import './app/first-frame.css';

/** A new task: the browser paints and answers input between the steps of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let router: ReturnType<typeof createAppRouter> | undefined;

const root = createRoot(document.getElementById('root')!);
// As a transition, React renders the first screen in slices and lets the browser answer between
// them; only the commit that puts it on the page is one task (0044 addendum).
const render = (appRouter: NonNullable<typeof router>) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={appRouter} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );

/**
 * The start, in steps that are tasks of their own (0044 addendum): this module's evaluation (the
 * libraries, the stores reading local storage), then the start-up calls, then the router, each
 * short enough for a phone to stay responsive while the app takes over the server's screen.
 */
async function start() {
  // A server-rendered screen brings the queries it was made from: the first render shows that screen.
  seedScreenQueries(queryClient, getAccount().uid === '');
  startUp(queryClient, () => {
    const here = `${window.location.pathname}${window.location.search}`;
    if (window.location.pathname === '/login') return;
    if (router) void router.navigate(loginHref(here));
    else window.location.assign(loginHref(here));
  });
  await nextTask();
  const appRouter = createAppRouter();
  router = appRouter;
  // #root holds the server's first frame (app/first-frame.tsx). React replaces it once the route's
  // page has loaded, not before: rendering earlier would blank the frame while the chunk arrives.
  const isSettled = () => appRouter.state.initialized && appRouter.state.navigation.state === 'idle';
  if (isSettled()) render(appRouter);
  else {
    const unsubscribe = appRouter.subscribe(() => {
      if (!isSettled()) return;
      unsubscribe();
      render(appRouter);
    });
  }
}

void start();
