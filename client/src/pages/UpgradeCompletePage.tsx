import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function UpgradeCompletePage() {
  return <ScreenPlaceholder title="Upgrade complete" />;
}
