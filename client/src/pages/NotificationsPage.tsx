import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function NotificationsPage() {
  return <ScreenPlaceholder title="Notifications" />;
}
