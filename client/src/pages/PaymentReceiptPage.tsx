import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { loginRedirectPath } from '@shared/api/paths.js';
import { REFUSED_ANSWER_PARAM } from '@shared/billing/billing.js';
import { PATHS } from '@shared/routing/routes.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';

/**
 * The payment provider's return address opened without the provider's answer (with one, the
 * server settles the order and sends the browser on to its outcome page), or sent back here with
 * the code of an answer the server refused: say so, and where orders are.
 */
export default function PaymentReceiptPage() {
  usePageTitle('Payment receipt');
  const user = useAtomValue(userAtom);
  const [search] = useSearchParams();
  const refused = search.get(REFUSED_ANSWER_PARAM);
  return (
    <div className="page">
      <h1>Payment receipt</h1>
      {refused ? (
        <p role="alert">
          We could not accept the payment provider&apos;s answer for this purchase (it was incomplete or not signed as expected),
          so nothing was recorded from it. If you were charged, the provider also tells us directly and your order is settled
          then. Error code: <code>{refused}</code>.
        </p>
      ) : (
        <p>This address receives the payment provider&apos;s answer after a purchase, and there is no answer to read here.</p>
      )}
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
