import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function PasswordResetPage() {
  return <ScreenPlaceholder title="Reset your password" />;
}
