import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function PasswordResetTokenPage() {
  return <ScreenPlaceholder title="Choose a new password" />;
}
