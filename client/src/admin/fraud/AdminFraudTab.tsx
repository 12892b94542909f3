import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import {
  ADMIN_FRAUD_ENDPOINTS,
  FRAUD_REFUND_DEFAULT_DAYS,
  type FraudQueueRow,
  type FraudRefundResult,
} from '@shared/admin/fraud.js';
import { ADMIN_USER_ENDPOINTS } from '@shared/admin/users.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from '../../api/api.js';
import type { ApiResult } from '../../api/apiClient.js';
import { createActionKeys } from '../../api/idempotencyKeys.js';
import { requestOnce } from '../../api/requestOnce.js';
import { useApiData } from '../../api/useApiData.js';
import { PagedListState } from '../../feedback/PagedListState.js';
import { formatDateTime } from '../../format/dates.js';
import { ActionOutcomeView, useActionOutcome } from '../actionOutcome.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { ConfirmButton } from '../fields/ConfirmButton.js';
import { LatestReviewVoid } from './LatestReviewVoid.js';
import './fraud.css';
import { reviewVoidsText } from './reviewEvidence.js';
import { pageParam } from '../../routing/pageParam.js';

const pathOf = (page: number) => (page > 1 ? `${ADMIN_PATHS.fraud}?page=${page}` : ADMIN_PATHS.fraud);

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** What an admin reads for a refusal, by its code; other refusals keep the server's words. */
function explain(errors: readonly ApiError[]): ApiError[] {
  return errors.map((error) =>
    error.code === ErrorCode.NotFound ? { ...error, message: 'This member no longer exists.' } : error,
  );
}

/**
 * /admin/fraud: members the surf anti-cheat scored or stopped, or whose views the earnings review
 * voided, highest risk first, with what their latest evidence says (the review's too) and the
 * credited views of the last days that can still be refunded; stop or restore their earning, or
 * refund the advertisers who paid for those views.
 */
export function AdminFraudTab() {
  const { search } = useLocation();
  const page = pageParam(search);
  const list = useApiData<Paged<FraudQueueRow>>(`${ADMIN_FRAUD_ENDPOINTS.queue}?page=${page}`);
  const outcome = useActionOutcome(explain);

  const done = (result: ApiResult<unknown>, success: string) => {
    outcome.done(result, success);
    list.reload();
  };

  return (
    <section aria-labelledby="admin-fraud-heading">
      <div className="admin-section-head">
        <h2 id="admin-fraud-heading" className="section-heading">
          Fraud queue
        </h2>
      </div>
      <p className="admin-fraud-intro">
        Members with a surf risk score, a stopped earning or views the earnings review voided, highest score first. Refundable
        views are the credited views of the last {FRAUD_REFUND_DEFAULT_DAYS} days not refunded or voided yet; voided in review are
        the views of those days the review did not count, their advertisers already refunded.
      </p>
      <ActionOutcomeView outcome={outcome} />
      <PagedListState
        list={list}
        page={page}
        pathForPage={pathOf}
        loadingLabel="Loading the fraud queue…"
        emptyTitle="Nobody is flagged: no member has a risk score, a stopped earning or views voided in review."
        pagerLabel="Fraud queue pages"
      >
        {(data) => (
          <ul className="admin-orders" data-testid="admin-fraud-queue">
            {data.items.map((row) => (
              <FraudRow key={row.id} row={row} onResult={done} />
            ))}
          </ul>
        )}
      </PagedListState>
    </section>
  );
}

function FraudRow({ row, onResult }: { row: FraudQueueRow; onResult: (result: ApiResult<unknown>, success: string) => void }) {
  const [keys] = useState(createActionKeys);
  const facts = [
    { label: 'Risk score', value: row.riskScore.toLocaleString() },
    { label: 'Latest signals', value: row.signals.length ? row.signals.join(', ') : 'None recorded' },
    { label: 'Last flagged', value: row.lastEvidenceAt ? formatDateTime(row.lastEvidenceAt) : 'Never' },
    {
      label: 'Refundable',
      value: `${plural(row.refundableViews, 'view')}, ${plural(row.refundableCredits, 'credit')}`,
    },
    { label: 'Voided in review', value: reviewVoidsText(row.reviewVoids) },
  ];
  return (
    <li className={`admin-order${row.earning ? '' : ' admin-order-attention'}`} data-testid="admin-fraud-row">
      <div className="admin-announcement-head">
        <h3 className="admin-announcement-heading">
          <Link to={ADMIN_PATHS.user(row.id, 'evidence')}>{row.username}</Link>
        </h3>
        <span className="admin-state">{row.earning ? 'Earning' : 'Earning stopped'}</span>
      </div>
      <dl className="admin-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {row.latestReviewVoid && <LatestReviewVoid latest={row.latestReviewVoid} />}
      <div className="form-actions">
        {row.earning ? (
          <ConfirmButton
            label="Stop earning"
            accessibleLabel={`Stop earning: ${row.username}`}
            className="button-small"
            header={`Stop ${row.username}’s earning?`}
            body={<p>Their surf bar stops paying at once and says why. Their credits stay as they are.</p>}
            run={() => api.post(ADMIN_USER_ENDPOINTS.stopEarning(row.id))}
            onResult={(result) => onResult(result, `${row.username} can no longer earn credits.`)}
          />
        ) : (
          <ConfirmButton
            label="Restore earning"
            accessibleLabel={`Restore earning: ${row.username}`}
            className="button-small"
            header={`Restore ${row.username}’s earning?`}
            body={<p>They can earn by surfing again, and their surf score is reset to 0.</p>}
            run={() => api.post(ADMIN_USER_ENDPOINTS.restoreEarning(row.id), { earning: true })}
            onResult={(result) => onResult(result, `${row.username} can earn again; their surf score is reset.`)}
          />
        )}
        {row.refundableViews > 0 && (
          <ConfirmButton
            label="Refund advertisers"
            accessibleLabel={`Refund advertisers: ${row.username}`}
            className="button-small"
            header={`Refund the advertisers of ${row.username}’s views?`}
            body={
              <p>
                {plural(row.refundableViews, 'credited view')} of the last {FRAUD_REFUND_DEFAULT_DAYS} days: the campaigns that
                paid for them get {plural(row.refundableCredits, 'credit')} back (the owner’s balance does, when the post is
                deleted), and what {row.username} earned for them is taken back, as much as their balance holds.
              </p>
            }
            run={() =>
              requestOnce<FraudRefundResult>(
                { method: 'POST', path: ADMIN_FRAUD_ENDPOINTS.refund(row.id), json: {} },
                keys,
                'refund',
              )
            }
            onResult={(result) => onResult(result, refundNotice(row.username, result.data as FraudRefundResult | null))}
          />
        )}
      </div>
    </li>
  );
}

function refundNotice(username: string, result: FraudRefundResult | null): string {
  if (!result) return '';
  if (result.views === 0) return `Nothing left to refund for ${username}.`;
  const shortfall =
    result.shortfall > 0
      ? ` ${plural(result.shortfall, 'credit')} could not be taken back: ${username} had already spent them.`
      : '';
  const fromTeams =
    result.takenFromTeams > 0 ? ` and ${plural(result.takenFromTeams, 'credit')} from the teams they had moved them into` : '';
  return `Refunded ${plural(result.views, 'view')} of ${username}: ${plural(result.advertiserCredits, 'credit')} back to the advertisers, ${plural(result.takenFromMember, 'credit')} taken from ${username}${fromTeams}.${shortfall}`;
}
