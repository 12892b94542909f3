import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function UserSearchPage() {
  return <ScreenPlaceholder title="User search" />;
}
