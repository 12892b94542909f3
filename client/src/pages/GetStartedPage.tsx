import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function GetStartedPage() {
  return <ScreenPlaceholder title="Get started" />;
}
