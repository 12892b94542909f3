import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function BillingPage() {
  return <ScreenPlaceholder title="Billing" />;
}
