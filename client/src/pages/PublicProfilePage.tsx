import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function PublicProfilePage() {
  return <ScreenPlaceholder title="Profile" />;
}
