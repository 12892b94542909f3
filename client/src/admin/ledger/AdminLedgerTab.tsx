import { useRef, useState, useEffect } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import {
  ADMIN_LEDGER_ENDPOINTS,
  type LedgerKindTotal,
  type LedgerTotals,
  type LedgerVerification,
} from '@shared/admin/ledger.js';
import { LEDGER_KIND_LABELS } from '@shared/credits/credits.js';
import { api } from '../../api/api.js';
import { useApiData } from '../../api/useApiData.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { errorsOrFallback } from '../../forms/fieldErrors.js';
import { FormAlert } from '../../forms/FormAlert.js';
import { formatDateTime } from '../../format/dates.js';

const ACCOUNT_LABELS = { user: 'Member', campaign: 'Campaign', team: 'Team' } as const;

/** /admin/ledger: runs the ledger check on demand and shows where the site's credits come from, go and are. */
export function AdminLedgerTab() {
  const totals = useApiData<LedgerTotals>(ADMIN_LEDGER_ENDPOINTS.totals);
  const [result, setResult] = useState<LedgerVerification | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const verify = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    const answer = await api.post<LedgerVerification>(ADMIN_LEDGER_ENDPOINTS.verify);
    setBusy(false);
    if (answer.status >= 200 && answer.status < 300 && answer.data) {
      setResult(answer.data);
      totals.reload();
    } else setErrors(errorsOrFallback(answer.errors, answer.status));
  };

  return (
    <section aria-labelledby="admin-ledger-heading">
      <div className="admin-section-head">
        <h2 id="admin-ledger-heading" className="section-heading">
          Ledger
        </h2>
      </div>
      <p>Checks that every member’s, campaign’s and team’s balance equals the sum of its ledger rows.</p>
      <div className="form-actions">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void verify()}>
          {busy ? 'Checking…' : 'Run the ledger check'}
        </button>
      </div>
      <FormAlert errors={errors} />
      <div
        ref={resultRef}
        tabIndex={-1}
        role="status"
        data-testid="ledger-result"
        className={result ? 'status-message admin-notice' : undefined}
      >
        {result &&
          (result.balanced ? (
            <p>
              The ledger is balanced: {result.ledgerRows.toLocaleString()} rows checked {formatDateTime(result.checkedAt)}.
            </p>
          ) : (
            <>
              <p>
                The ledger is not balanced
                {result.duplicateKeys > 0 ? ` (${result.duplicateKeys} idempotency keys used twice)` : ''}:{' '}
                {result.mismatches.length.toLocaleString()} accounts disagree.
              </p>
              <ul>
                {result.mismatches.map((row) => (
                  <li key={`${row.account}-${row.id}`}>
                    {ACCOUNT_LABELS[row.account]} {row.id}: balance {row.balance.toLocaleString()}, ledger{' '}
                    {row.ledger.toLocaleString()}
                  </li>
                ))}
              </ul>
            </>
          ))}
      </div>
      <h3>Credits</h3>
      {totals.failure ? (
        <ErrorState failure={totals.failure} onRetry={totals.reload} />
      ) : !totals.data ? (
        <LoadingState label="Loading the totals…" />
      ) : (
        <div className="admin-ledger-totals" data-testid="ledger-totals">
          <KindTable caption="Issued" rows={totals.data.issued} />
          <KindTable caption="Spent" rows={totals.data.spent} />
          <KindTable caption="Taken back" rows={totals.data.removed} />
          <table className="admin-table">
            <caption>Held now</caption>
            <tbody>
              <tr>
                <th scope="row">Member balances</th>
                <td>{totals.data.held.members.toLocaleString()}</td>
              </tr>
              <tr>
                <th scope="row">Team balances</th>
                <td>{totals.data.held.teams.toLocaleString()}</td>
              </tr>
              <tr>
                <th scope="row">Campaign balances</th>
                <td>{totals.data.held.campaigns.toLocaleString()}</td>
              </tr>
              <tr>
                <th scope="row">Total</th>
                <td>{totals.data.held.total.toLocaleString()}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function KindTable({ caption, rows }: { caption: string; rows: LedgerKindTotal[] }) {
  return (
    <table className="admin-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.kind}>
            <th scope="row">{LEDGER_KIND_LABELS[row.kind]}</th>
            <td>{row.credits.toLocaleString()}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Total</th>
          <td>{rows.reduce((sum, row) => sum + row.credits, 0).toLocaleString()}</td>
        </tr>
      </tbody>
    </table>
  );
}
