import type { RouteObject } from 'react-router-dom';
import { ROUTES, type RouteDef } from '@shared/routing/routes.js';
import { RouteGate } from './RouteGate.js';
import { ScreenShownEffect } from './ScreenShownEffect.js';
import { NotFoundScreen, SCREENS } from './screens.js';

/** A screen's route carries its entry of the shared route table, for the page frame to read. */
export interface ScreenHandle {
  route: RouteDef;
}

/** The screens' routes, built from the shared route table; every route matches exactly and case-sensitively. */
export const screenRoutes: RouteObject[] = [
  ...ROUTES.map((route) => {
    const Screen = SCREENS[route.screen];
    const handle: ScreenHandle = { route };
    return {
      path: route.path,
      caseSensitive: true,
      handle,
      element: (
        <RouteGate route={route}>
          <ScreenShownEffect screen={route.screen} />
          <Screen />
        </RouteGate>
      ),
    };
  }),
  {
    path: '*',
    element: (
      <>
        <ScreenShownEffect screen="notFound" />
        <NotFoundScreen />
      </>
    ),
  },
];
