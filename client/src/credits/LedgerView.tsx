import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import type { Paged } from '@shared/accounts/account.answers.js';
import { CREDITS_ENDPOINTS, type LedgerRow } from '@shared/credits/credits.js';
import { useApiData } from '../api/useApiData.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDateTime } from '../format/dates.js';
import { postPath } from '../posts/postPath.js';
import { accountCreditsAtom } from '../teams/accountCreditsAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { balanceLabel } from '../teams/teamSession.js';
import { Pager } from '../referrals/Pager.js';
import { DELETED_POST_TITLE } from '@shared/campaigns/post-title.js';
import { ledgerLabel, ledgerPageOf, ledgerPagePath, signedAmount } from './ledgerFormat.js';
import '../referrals/referrals.css';
import './credits.css';

/** /home/credits: every movement of the member's credits, newest first, paged. */
export function LedgerView() {
  const page = ledgerPageOf(useLocation().search);
  const ledger = useApiData<Paged<LedgerRow>>(`${CREDITS_ENDPOINTS.ledger}?page=${page}`);
  const cc = useAtomValue(accountCreditsAtom);
  const team = useAtomValue(currentTeamAtom);
  return (
    <>
      <p className="ledger-balance">
        {balanceLabel(team)}: <strong data-testid="ledger-balance">{cc === null ? '…' : cc.toLocaleString()}</strong> credits. It
        is the sum of the movements below.
      </p>
      {ledger.failure ? (
        <ErrorState failure={ledger.failure} onRetry={ledger.reload} title="Your credits history could not be loaded" />
      ) : !ledger.data ? (
        <LoadingState label="Loading your credits history…" />
      ) : ledger.data.total === 0 ? (
        <EmptyState title="No credit movements yet." />
      ) : ledger.data.items.length === 0 ? (
        <EmptyState title={`There is no page ${page}.`}>
          <Link to={ledgerPagePath(ledger.data.pages)}>Go to the last page</Link>
        </EmptyState>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table ledger-table">
              <caption className="visually-hidden">Your credit movements, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">Post</th>
                  <th scope="col" className="numeric">
                    Credits
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                    </td>
                    <td>{ledgerLabel(row)}</td>
                    <td>
                      {row.pid === null ? (
                        <span className="muted">–</span>
                      ) : row.postTitle === DELETED_POST_TITLE ? (
                        <span className="muted">{row.postTitle}</span>
                      ) : (
                        <Link to={postPath(row.pid)}>{row.postTitle}</Link>
                      )}
                    </td>
                    <td className={`numeric ledger-amount ${row.amount < 0 ? 'ledger-amount-out' : 'ledger-amount-in'}`}>
                      {signedAmount(row.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={ledger.data.page} pages={ledger.data.pages} pathFor={ledgerPagePath} label="Credits history pages" />
        </>
      )}
    </>
  );
}
