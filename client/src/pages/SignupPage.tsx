import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function SignupPage() {
  return <ScreenPlaceholder title="Sign up" />;
}
