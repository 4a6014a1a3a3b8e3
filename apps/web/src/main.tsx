import { QueryClientProvider } from '@tanstack/react-query';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { startUp } from './app/startup';
import './styles/global.css';

// antd-mobile renders Toast/Dialog/Popup imperatively; under React 19 it must be told how (DESIGN §3).
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  c._reactRoot ??= createRoot(container);
  const root = c._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

const router = createAppRouter();
startUp(queryClient, () => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname !== '/login') void router.navigate(`/login?redirect=${encodeURIComponent(here)}`);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
