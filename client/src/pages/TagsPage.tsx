import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function TagsPage() {
  return <ScreenPlaceholder title="Tags" />;
}
