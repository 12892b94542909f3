import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@shared/routing/routes.js';
import { AppShell } from '../layout/AppShell.js';
import { setNavigator } from './navigation.js';
import { RouteGate } from './RouteGate.js';
import { NotFoundScreen, SCREENS } from './screens.js';

/** The router, built from the shared route table; every route matches exactly and case-sensitively. */
const children: RouteObject[] = ROUTES.map((route) => {
  const Screen = SCREENS[route.screen];
  return {
    path: route.path,
    caseSensitive: true,
    handle: { route },
    element: (
      <RouteGate route={route}>
        <Screen />
      </RouteGate>
    ),
  };
});

/** Hands a routing or chunk-loading failure to the app's ErrorBoundary (generic page + crash report). */
function RethrowRouteError(): never {
  throw useRouteError();
}

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RethrowRouteError />,
    children: [...children, { path: '*', element: <NotFoundScreen /> }],
  },
]);

setNavigator((path) => void router.navigate(path));
