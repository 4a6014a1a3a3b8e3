import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startUp } from './app/startup';
import { loginHref } from './shared/lib/login-redirect';
import './styles/global.css';
import './app/first-frame.css';

const router = createAppRouter();
startUp(queryClient, () => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== '/login') void router.navigate(loginHref(here));
});

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
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
