import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function SetupPage() {
  return <ScreenPlaceholder title="Confirm your account" />;
}
