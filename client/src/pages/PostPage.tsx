import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function PostPage() {
  return <ScreenPlaceholder title="Post" />;
}
