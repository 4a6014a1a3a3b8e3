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

const router = createAppRouter();
startUp(queryClient, () => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== '/login') void router.navigate(loginHref(here));
});

// A server-rendered screen brings the queries it was made from: the first render shows that screen.
seedScreenQueries(queryClient, getAccount().uid === '');

const root = createRoot(document.getElementById('root')!);
// As a transition, React renders the first screen in slices and lets the browser answer between
// them; only the commit that puts it on the page is one task (0044 addendum).
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );

// #root holds the server's first frame (app/first-frame.tsx). React replaces it once the route's
// page has loaded, not before: rendering earlier would blank the frame while the chunk arrives.
const isSettled = () => router.state.initialized && router.state.navigation.state === 'idle';
if (isSettled()) render();
else {
  const unsubscribe = router.subscribe(() => {
    if (!isSettled()) return;
    unsubscribe();
    render();
  });
}
