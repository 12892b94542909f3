import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_USER_ENDPOINTS, type AdminUserProfile, type AdminUserTab, type AdminUserTabAnswers } from '@shared/admin/users.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { LEDGER_KIND_LABELS } from '@shared/credits/credits.js';
import { hasErrorCode } from '../../api/errorCodes.js';
import { useApiData } from '../../api/useApiData.js';
import { EmptyState } from '../../feedback/EmptyState.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { formatDate, formatDateTime } from '../../format/dates.js';
import { Pager } from '../../referrals/Pager.js';
import { userAtom } from '../../sessions/userAtom.js';
import { TabLinks } from '../../tabs/TabLinks.js';
import { ADMIN_PATHS } from '../adminPaths.js';
import { formatPrice } from '../payments/adminPaymentsQuery.js';
import { auditPath } from './adminUsersQuery.js';
import { UserActions } from './UserActions.js';
import { pageParam } from '../../routing/pageParam.js';

const TAB_LABELS: Record<AdminUserTab | 'profile', string> = {
  profile: 'Profile',
  ledger: 'Ledger',
  sessions: 'Sessions',
  evidence: 'Surf evidence',
  teams: 'Teams',
  orders: 'Orders',
  referrals: 'Referrals',
};

/** /admin/users/:uid/:tab2?: one member's profile and actions, or one of their tabs. */
export function AdminUserPage({ id, tab, search }: { id: number; tab: AdminUserTab | null; search: string }) {
  const self = useAtomValue(userAtom);
  const profile = useApiData<AdminUserProfile>(ADMIN_USER_ENDPOINTS.user(id));
  const tabs = (Object.keys(TAB_LABELS) as (AdminUserTab | 'profile')[]).map((key) => ({
    to: ADMIN_PATHS.user(id, key === 'profile' ? undefined : key),
    label: TAB_LABELS[key],
  }));

  if (profile.failure) {
    return hasErrorCode(profile.failure.errors, ErrorCode.NotFound) ? (
      <EmptyState title="There is no member with this id.">
        <Link to={ADMIN_PATHS.users}>Back to the users</Link>
      </EmptyState>
    ) : (
      <ErrorState failure={profile.failure} onRetry={profile.reload} />
    );
  }
  if (!profile.data) return <LoadingState label="Loading the member…" />;
  const user = profile.data;
  return (
    <section aria-labelledby="admin-user-heading">
      <p>
        <Link to={ADMIN_PATHS.users}>← All users</Link>
      </p>
      <div className="admin-section-head">
        <h2 id="admin-user-heading" className="section-heading">
          {user.username}
        </h2>
        <Link to={auditPath({ action: '', targetType: 'user', targetId: String(user.id) })}>Audit log of this member</Link>
      </div>
      <TabLinks label={`${user.username}’s sections`} tabs={tabs} />
      {tab === null ? (
        <>
          <ProfileFacts user={user} />
          <UserActions user={user} selfId={self?.id ?? null} onChanged={profile.reload} />
        </>
      ) : (
        // Keyed by tab: each tab's answer has its own shape, never read as another's.
        <UserTab key={tab} id={id} tab={tab} page={pageParam(search)} />
      )}
    </section>
  );
}

function ProfileFacts({ user }: { user: AdminUserProfile }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Username', value: user.username },
    { label: 'First name', value: user.firstName },
    { label: 'Email', value: `${user.email}${user.emailConfirmed ? '' : ' (not confirmed)'}` },
    { label: 'Role', value: user.role === 'admin' ? 'Admin' : 'Member' },
    { label: 'Signed up', value: formatDateTime(user.createdAt) },
    { label: 'Login', value: user.loginSuspended ? 'Suspended' : 'Allowed' },
    { label: 'Earning', value: user.earning ? 'Earning' : 'Stopped' },
    { label: 'Risk score', value: user.riskScore },
    { label: 'Credits', value: user.credits.toLocaleString() },
    {
      label: 'Referred by',
      value: user.referrer ? <Link to={ADMIN_PATHS.user(user.referrer.id)}>{user.referrer.username}</Link> : '–',
    },
    { label: 'Member id', value: user.id },
  ];
  return (
    <dl className="admin-facts" data-testid="admin-user-profile">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UserTab({ id, tab, page }: { id: number; tab: AdminUserTab; page: number }) {
  const path = `${ADMIN_USER_ENDPOINTS.tab(id, tab)}${page > 1 ? `?page=${page}` : ''}`;
  const answer = useApiData<AdminUserTabAnswers[AdminUserTab]>(path);
  if (answer.failure) return <ErrorState failure={answer.failure} onRetry={answer.reload} />;
  if (!answer.data) return <LoadingState label={`Loading ${TAB_LABELS[tab].toLowerCase()}…`} />;
  const pathFor = (to: number) => `${ADMIN_PATHS.user(id, tab)}${to > 1 ? `?page=${to}` : ''}`;
  switch (tab) {
    case 'ledger': {
      const data = answer.data as AdminUserTabAnswers['ledger'];
      return (
        <Table
          caption="Credit ledger, newest first"
          head={['When', 'What', 'Credits', 'Post']}
          rows={data.items.map((row) => [
            formatDateTime(row.createdAt),
            LEDGER_KIND_LABELS[row.kind] ?? row.kind,
            (row.amount > 0 ? '+' : '') + row.amount.toLocaleString(),
            row.pid ?? '–',
          ])}
          empty="No ledger rows."
          pager={<Pager page={data.page} pages={data.pages} pathFor={pathFor} label="Ledger pages" />}
        />
      );
    }
    case 'sessions': {
      const data = answer.data as AdminUserTabAnswers['sessions'];
      return (
        <Table
          caption="Active sessions"
          head={['Device', 'Address', 'Started', 'Last seen']}
          rows={data.items.map((row) => [row.device, row.ip, formatDateTime(row.createdAt), formatDateTime(row.lastSeenAt)])}
          empty="No active session."
        />
      );
    }
    case 'evidence': {
      const data = answer.data as AdminUserTabAnswers['evidence'];
      return (
        <>
          <dl className="admin-facts">
            {[
              ['Risk score', data.riskScore],
              ['Earning', data.earning ? 'Earning' : 'Stopped'],
              ['Views settled', data.surfViews],
              ['Challenges', data.surfChallenges],
              ['Wrong codes (recent)', data.wrongCodes],
              ['Last claim', data.lastClaimAt ? formatDateTime(data.lastClaimAt) : '–'],
            ].map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Table
            caption="Claims that raised the score, oldest first"
            head={['When', 'Signals', 'Score after']}
            rows={data.evidence.map((row) => [formatDateTime(row.at), row.signals.join(', '), row.score])}
            empty="No claim raised the score."
          />
          <Table
            caption="Latest surf tickets"
            head={['Shown', 'Post', 'Outcome', 'Click']}
            rows={data.tickets.map((ticket) => [
              formatDateTime(ticket.issuedAt),
              ticket.pid,
              `${ticket.status}${ticket.challenged ? ' (challenge)' : ''}`,
              ticket.telemetry
                ? `${Math.round(ticket.telemetry.clickDelayMs)} ms after zero${ticket.telemetry.isTrusted ? '' : ', untrusted'}${ticket.telemetry.keyEvent ? ', key' : ''}`
                : '–',
            ])}
            empty="No surf tickets."
          />
        </>
      );
    }
    case 'teams': {
      const data = answer.data as AdminUserTabAnswers['teams'];
      return (
        <Table
          caption="Teams"
          head={['Team', 'Role', 'Status', 'Team credits']}
          rows={data.items.map((row) => [row.name, row.role, row.status, row.credits.toLocaleString()])}
          empty="In no team."
        />
      );
    }
    case 'orders': {
      const data = answer.data as AdminUserTabAnswers['orders'];
      return (
        <Table
          caption="Orders, newest first"
          head={['Ordered', 'Item', 'Price', 'State']}
          rows={data.items.map((row) => [
            formatDateTime(row.createdAt),
            row.itemName,
            formatPrice(row.amountMinor, row.currency),
            row.state,
          ])}
          empty="No orders."
          pager={<Pager page={data.page} pages={data.pages} pathFor={pathFor} label="Order pages" />}
        />
      );
    }
    case 'referrals': {
      const data = answer.data as AdminUserTabAnswers['referrals'];
      return (
        <Table
          caption="Members they referred, newest first"
          head={['Member', 'Signed up']}
          rows={data.items.map((row) => [
            <Link key={row.id} to={ADMIN_PATHS.user(row.id)}>
              {row.username}
            </Link>,
            formatDate(row.createdAt),
          ])}
          empty="No referrals."
          pager={<Pager page={data.page} pages={data.pages} pathFor={pathFor} label="Referral pages" />}
        />
      );
    }
  }
}

function Table({
  caption,
  head,
  rows,
  empty,
  pager,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  empty: string;
  pager?: ReactNode;
}) {
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <table className="admin-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager}
    </>
  );
}
