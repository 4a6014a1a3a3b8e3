import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startUp } from './app/startup';
import { loginHref } from './shared/lib/login-redirect';
import './styles/global.css';

const router = createAppRouter();
startUp(queryClient, () => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== '/login') void router.navigate(loginHref(here));
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
