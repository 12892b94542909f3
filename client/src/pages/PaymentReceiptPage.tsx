import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { loginRedirectPath } from '@shared/api/paths.js';
import { PATHS } from '@shared/routing/routes.js';
import { userAtom } from '../session/userAtom.js';
import { usePageTitle } from './usePageTitle.js';

/**
 * The payment provider's return address opened without the provider's answer (with one, the
 * server settles the order and sends the browser on to its outcome page): say where orders are.
 */
export default function PaymentReceiptPage() {
  usePageTitle('Payment receipt');
  const user = useAtomValue(userAtom);
  return (
    <div className="page">
      <h1>Payment receipt</h1>
      <p>This address receives the payment provider&apos;s answer after a purchase, and there is no answer to read here.</p>
      {user ? (
        <p>
          Your orders and their receipts are in <Link to={PATHS.settingsPayments}>your payments</Link>. To buy credits or a
          membership, go to <Link to={PATHS.billing}>billing</Link>.
        </p>
      ) : (
        <p>
          <Link to={loginRedirectPath(PATHS.settingsPayments, '')}>Log in</Link> to see your orders and their receipts.
        </p>
      )}
    </div>
  );
}
