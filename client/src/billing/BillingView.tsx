import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCode } from '@shared/api/error-codes.js';
import {
  BILLING_ENDPOINTS,
  type BillingCatalog,
  type CheckoutAnswer,
  type MembershipAnswer,
  type PurchaseKind,
} from '@shared/billing/billing.js';
import { PATHS } from '@shared/routing/routes.js';
import { createActionKeys } from '../api/idempotencyKeys.js';
import { requestOnce } from '../api/requestOnce.js';
import { hasErrorCode } from '../api/errorCodes.js';
import { useApiData } from '../api/useApiData.js';
import { apiErrorText } from '../campaigns/apiErrorText.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { benefitRows, formatPrice, perCreditHint, plural } from './billingFormat.js';
import { buyButtonLabel, purchaseKey } from './buyButton.js';
import { MembershipSummary } from './MembershipSummary.js';
import { submitCheckoutForm } from './submitCheckoutForm.js';

/** Roles that may buy for the current team (the server checks it again). */
const TEAM_BUYERS = new Set(['owner', 'manager']);

/**
 * Credit packs and membership levels for sale, and the current membership. "Buy" makes an order
 * and sends the browser to the payment page; owners and managers may buy for the current team.
 * A server that takes no payments (the catalog's `buyingAvailable`) shows the items without Buy
 * buttons and says so.
 */
export function BillingView() {
  const catalog = useApiData<BillingCatalog>(BILLING_ENDPOINTS.catalog);
  const membership = useApiData<MembershipAnswer>(BILLING_ENDPOINTS.membership);
  const team = useAtomValue(currentTeamAtom);
  const buyingAvailable = catalog.data?.buyingAvailable ?? false;
  const mayBuyForTeam = buyingAvailable && team !== null && TEAM_BUYERS.has(team.role);
  const [forTeam, setForTeam] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkoutKeys] = useState(createActionKeys);
  const forTeamId = useId();
  const errorRef = useRef<HTMLDivElement>(null);

  // The pressed button was disabled while the order was made: a refusal takes the focus instead.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  // Coming back from the payment page with the Back button shows this page from the cache: let the buttons work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const buy = async (kind: PurchaseKind, id: number) => {
    if (pending) return;
    setPending(purchaseKey(kind, id));
    setError(null);
    const json = { kind, id, forTeam: mayBuyForTeam && forTeam };
    const result = await requestOnce<CheckoutAnswer>(
      { method: 'POST', path: BILLING_ENDPOINTS.checkout, json },
      checkoutKeys,
      JSON.stringify(json),
    );
    if (isSuccess(result.status) && result.data) {
      // The page is left for the payment page: the button stays busy until then.
      submitCheckoutForm(result.data.checkout);
      return;
    }
    setPending(null);
    if (hasErrorCode(result.errors, ErrorCode.NotFound)) {
      setError('This pack or level is not for sale any more. The list below is up to date now.');
      catalog.reload();
    } else if (hasErrorCode(result.errors, ErrorCode.TeamRoleForbidden, ErrorCode.TeamForbidden)) {
      setError("Only the team's owners and managers can buy for the team.");
    } else if (hasErrorCode(result.errors, ErrorCode.PaymentsUnavailable)) {
      setError('Buying is not available on this site at the moment. Nothing was ordered.');
      catalog.reload();
    } else if (hasErrorCode(result.errors, ErrorCode.TeamRequired)) {
      setError('Choose the team to buy for first: switch to it in the header.');
    } else {
      setError(apiErrorText(result.errors, result.status));
    }
  };

  return (
    <>
      <section aria-labelledby="billing-membership-heading" className="billing-section">
        <h2 id="billing-membership-heading" className="section-heading">
          Your membership
        </h2>
        {membership.failure ? (
          <ErrorState failure={membership.failure} onRetry={membership.reload} />
        ) : !membership.data ? (
          <LoadingState label="Loading your membership…" />
        ) : (
          <MembershipSummary membership={membership.data} teamName={team?.name ?? null} />
        )}
        <p className="muted">
          <Link to={PATHS.settingsPayments}>Your payments and receipts</Link>
        </p>
      </section>

      {mayBuyForTeam && (
        <div className="billing-for-team">
          <input id={forTeamId} type="checkbox" checked={forTeam} onChange={(event) => setForTeam(event.target.checked)} />
          <label htmlFor={forTeamId}>
            Buy for the team {team.name} (credits go to the team&apos;s balance, a level to the team&apos;s campaigns)
          </label>
        </div>
      )}

      {error && (
        <div ref={errorRef} tabIndex={-1} className="error-state billing-error" role="alert">
          <p>{error}</p>
        </div>
      )}

      {catalog.failure ? (
        <ErrorState failure={catalog.failure} onRetry={catalog.reload} />
      ) : !catalog.data ? (
        <LoadingState label="Loading what is for sale…" />
      ) : (
        <Catalog catalog={catalog.data} pending={pending} onBuy={(kind, id) => void buy(kind, id)} />
      )}
    </>
  );
}

/** The packs and levels for sale; one purchase at a time (`pending` names it as `<kind>:<id>`). */
function Catalog({
  catalog,
  pending,
  onBuy,
}: {
  catalog: BillingCatalog;
  pending: string | null;
  onBuy: (kind: PurchaseKind, id: number) => void;
}) {
  const { free } = catalog;
  const buyButton = (kind: PurchaseKind, item: { id: number; name: string }) => {
    const label = buyButtonLabel(catalog, pending, kind, item);
    return (
      label !== null && (
        <button
          type="button"
          className="button button-primary"
          disabled={pending !== null}
          aria-busy={pending === purchaseKey(kind, item.id)}
          onClick={() => onBuy(kind, item.id)}
        >
          {label}
        </button>
      )
    );
  };
  return (
    <>
      {!catalog.buyingAvailable && (
        <p className="billing-unavailable" role="status" data-testid="billing-unavailable">
          Buying is not available on this site at the moment: the packs and levels are shown for reference.
        </p>
      )}
      <section aria-labelledby="billing-packs-heading" className="billing-section">
        <h2 id="billing-packs-heading" className="section-heading">
          Credit packs
        </h2>
        {catalog.packs.length === 0 ? (
          <EmptyState title="No credit packs are for sale right now." />
        ) : (
          <ul className="billing-cards">
            {catalog.packs.map((pack) => (
              <li key={pack.id} className="billing-card" data-testid="billing-pack">
                <h3 className="billing-card-title">{pack.name}</h3>
                <p className="billing-card-figure">{plural(pack.credits, 'credit')}</p>
                <p className="billing-card-price">{formatPrice(pack)}</p>
                <p className="muted">{perCreditHint(pack)}</p>
                {buyButton('pack', pack)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="billing-levels-heading" className="billing-section">
        <h2 id="billing-levels-heading" className="section-heading">
          Membership levels
        </h2>
        {catalog.levels.length === 0 ? (
          <EmptyState title="No membership levels are for sale right now." />
        ) : (
          <ul className="billing-cards">
            {catalog.levels.map((level) => (
              <li key={level.id} className="billing-card" data-testid="billing-level">
                <h3 className="billing-card-title">{level.name}</h3>
                <p className="billing-card-price">
                  {formatPrice(level)} <span className="muted">for {plural(level.periodDays, 'day')}</span>
                </p>
                <table className="billing-benefits">
                  <caption className="visually-hidden">{level.name} compared with the free level</caption>
                  <thead>
                    <tr>
                      <th scope="col">Benefit</th>
                      <th scope="col">{level.name}</th>
                      <th scope="col">Free</th>
                    </tr>
                  </thead>
                  <tbody>
                    {benefitRows(level, free).map((row) => (
                      <tr key={row.key}>
                        <th scope="row">{row.label}</th>
                        <td className={row.better ? 'billing-better' : undefined}>{row.value}</td>
                        <td>{row.free ?? '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {buyButton('level', level)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
