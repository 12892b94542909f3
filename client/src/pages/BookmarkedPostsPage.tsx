import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function BookmarkedPostsPage() {
  return <ScreenPlaceholder title="Bookmarked posts" />;
}
