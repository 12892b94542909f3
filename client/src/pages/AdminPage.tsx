import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function AdminPage() {
  return <ScreenPlaceholder title="Admin" />;
}
