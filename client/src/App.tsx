import { useAtomValue } from 'jotai';
import { BootFailedScreen } from './boot/BootFailedScreen.js';
import { bootFailedAtom } from './boot/bootFailedAtom.js';
import { loadingAtom } from './boot/loadingAtom.js';
import { startApp } from './boot/startApp.js';
import { LoadingScreen } from './layout/LoadingScreen.js';
import { AppRouter, type RouterComponent } from './routing/router.js';

/** `router`: the browser's history by default; the server draws a page at one address. */
export function App({ router }: { router?: RouterComponent }) {
  const { loading } = useAtomValue(loadingAtom);
  const bootFailed = useAtomValue(bootFailedAtom);
  if (bootFailed) return <BootFailedScreen onRetry={startApp} />;
  if (loading) return <LoadingScreen />;
  return <AppRouter router={router} />;
}
