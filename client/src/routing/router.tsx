import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { AppShell } from '../layout/AppShell.js';
import { setNavigator } from './navigation.js';
import { screenRoutes } from './screenRoutes.js';

const routeTree = [{ element: <AppShell />, children: screenRoutes }];

/**
 * The app's routes under the page frame. A plain history router, not a data router: the app loads
 * its data itself, and the data router's code would more than double the router's share of the
 * first download. A screen that throws, or whose chunk fails to load, reaches the app's
 * ErrorBoundary (generic page + crash report).
 */
export function AppRouter({ router: Router = BrowserRouter }: { router?: RouterComponent }) {
  return (
    <Router>
      <Routes />
    </Router>
  );
}

/** A router around the app's routes: the browser's history, or the server's one address. */
export type RouterComponent = ComponentType<{ children: ReactNode }>;

function Routes() {
  const navigate = useNavigate();
  // Code outside React (the API client) navigates through the router once it is mounted.
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  return useRoutes(routeTree);
}
