import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function LoginMultiPage() {
  return <ScreenPlaceholder title="Add another account" />;
}
