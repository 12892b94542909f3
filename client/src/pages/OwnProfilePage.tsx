import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function OwnProfilePage() {
  return <ScreenPlaceholder title="Your profile" />;
}
