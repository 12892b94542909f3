import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function PaymentReceiptPage() {
  return <ScreenPlaceholder title="Payment receipt" />;
}
