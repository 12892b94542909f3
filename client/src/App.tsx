import { useAtomValue } from 'jotai';
import { BootFailedScreen } from './boot/BootFailedScreen.js';
import { bootFailedAtom } from './boot/bootFailedAtom.js';
import { loadingAtom } from './boot/loadingAtom.js';
import { startApp } from './boot/startApp.js';
import { LoadingScreen } from './layout/LoadingScreen.js';
import { AppRouter } from './routing/router.js';

export function App() {
  const { loading } = useAtomValue(loadingAtom);
  const bootFailed = useAtomValue(bootFailedAtom);
  if (bootFailed) return <BootFailedScreen onRetry={startApp} />;
  if (loading) return <LoadingScreen />;
  return <AppRouter />;
}
