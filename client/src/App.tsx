import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { BootFailedScreen } from './boot/BootFailedScreen.js';
import { bootFailedAtom } from './boot/bootFailedAtom.js';
import { loadingAtom } from './boot/loadingAtom.js';
import { startApp } from './boot/startApp.js';
import { LoadingScreen } from './layout/LoadingScreen.js';
import { router } from './routing/router.js';

export function App() {
  const { loading } = useAtomValue(loadingAtom);
  const bootFailed = useAtomValue(bootFailedAtom);
  useEffect(() => {
    void startApp();
  }, []);
  if (bootFailed) return <BootFailedScreen onRetry={startApp} />;
  if (loading) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}
