import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function LoginPage() {
  return <ScreenPlaceholder title="Log in" />;
}
