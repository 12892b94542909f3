import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function DashboardPage() {
  return <ScreenPlaceholder title="Dashboard" />;
}
