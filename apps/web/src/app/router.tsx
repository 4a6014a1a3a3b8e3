import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageError } from '../shared/ui/page-error';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { SimpleLayout } from './layouts/simple-layout';
import { RequireLogin } from './require-login';
import type { AppRoute } from './route-meta';
import { mainRoutes, simpleRoutes, standaloneRoutes } from './routes';

function withGuard(Page: ComponentType, login: boolean | undefined): ComponentType {
  if (!login) return Page;
  return function Guarded() {
    return (
      <RequireLogin>
        <Page />
      </RequireLogin>
    );
  };
}

/** Turns the route table into router objects; pages load lazily so the first load stays small. */
const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path || undefined,
  index: route.path === '' ? true : undefined,
  handle: route.meta,
  lazy: async () => {
    const module = await route.page();
    return { Component: withGuard(module.default, route.meta.login) };
  },
});

/** The app's route tree (the browser router's, and the server's first screen: app/server-render.tsx). */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <PageError />,
      children: [
        { element: <MainLayout />, children: mainRoutes.map(toRouteObject) },
        { element: <SimpleLayout />, children: simpleRoutes.map(toRouteObject) },
        { element: <SimpleLayout cached={false} />, children: standaloneRoutes.map(toRouteObject) },
        // Any unknown path goes to the root (spec §2).
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
