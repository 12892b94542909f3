import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function GroupsPage() {
  return <ScreenPlaceholder title="Groups" />;
}
