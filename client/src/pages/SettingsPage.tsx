import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function SettingsPage() {
  return <ScreenPlaceholder title="Settings" />;
}
