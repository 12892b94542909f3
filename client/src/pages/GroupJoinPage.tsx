import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function GroupJoinPage() {
  return <ScreenPlaceholder title="Join a group" />;
}
