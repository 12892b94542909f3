import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function EmailSettingsPage() {
  return <ScreenPlaceholder title="Email settings" />;
}
