import { useLocation } from 'react-router-dom';
import { UpgradeCompleteView } from '../billing/UpgradeCompleteView.js';
import { usePageTitle } from './usePageTitle.js';
import '../billing/billing.css';

/** Where the payment page sends the customer back: `?order=<id>`. */
export default function UpgradeCompletePage() {
  usePageTitle('Your order');
  const orderId = new URLSearchParams(useLocation().search).get('order');
  return (
    <div className="page billing">
      <h1>Your order</h1>
      <UpgradeCompleteView orderId={orderId} />
    </div>
  );
}
