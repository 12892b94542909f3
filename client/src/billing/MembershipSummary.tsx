import type { CurrentMembership, MembershipAnswer } from '@shared/billing/billing.js';
import { formatDate } from '../format/dates.js';

function MembershipLine({ who, membership }: { who: string; membership: CurrentMembership | null }) {
  if (!membership) {
    return (
      <li>
        <span className="billing-membership-who">{who}:</span> Free level, no membership
      </li>
    );
  }
  return (
    <li>
      {/* A level is bought a period at a time and never renews by itself: its date is an end, not a renewal. */}
      <span className="billing-membership-who">{who}:</span> <strong>{membership.levelName}</strong>, valid until{' '}
      <time dateTime={membership.endsAt}>{formatDate(membership.endsAt)}</time>
      {membership.paidUntil !== membership.endsAt && (
        <>
          ; next periods paid until <time dateTime={membership.paidUntil}>{formatDate(membership.paidUntil)}</time>
        </>
      )}
    </li>
  );
}

/** The member's current level, and the current team's when a team is chosen, with their dates. */
export function MembershipSummary({ membership, teamName }: { membership: MembershipAnswer; teamName: string | null }) {
  return (
    <ul className="billing-membership" data-testid="membership-summary">
      <MembershipLine who="You" membership={membership.me} />
      {teamName && <MembershipLine who={`The team ${teamName}`} membership={membership.team} />}
    </ul>
  );
}
