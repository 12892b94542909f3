import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function SetupExistingUserPage() {
  return <ScreenPlaceholder title="Set up your account" />;
}
