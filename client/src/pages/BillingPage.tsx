import { BillingView } from '../billing/BillingView.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../billing/billing.css';

export default function BillingPage() {
  usePageTitle('Billing');
  return (
    <div className="page billing">
      <h1>Billing</h1>
      <BillingView />
    </div>
  );
}
