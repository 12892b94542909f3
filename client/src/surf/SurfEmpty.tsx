import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SurfEmptyReason } from '@shared/surf/surf-outcomes.js';
import { ResendConfirmationButton } from '../account/ResendConfirmationButton.js';
import { NEW_POST_PATH } from '../campaigns/campaignPaths.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import { ReferralLinkBox } from '../referrals/ReferralLinkBox.js';
import { userAtom } from '../sessions/userAtom.js';
import { LONGEST_AUTO_RETRY_MS, nextPostText } from './nextPostTime.js';

/** How often the "in 5 min" text is brought up to date. */
const MINUTE_MS = 60_000;

interface SurfEmptyProps {
  message: string;
  reason: SurfEmptyReason;
  /** Server time (ms) from which a post can come again; null: not foreseeable. */
  nextAt: number | null;
  onRetry: () => void;
}

/**
 * Nothing to view: why, when the next post can come (the bar asks for it by itself then), and
 * something worth doing meanwhile: promoting a post of one's own, inviting someone.
 */
export function SurfEmpty({ message, reason, nextAt, onRetry }: SurfEmptyProps) {
  const { clockOffsetMs } = useAtomValue(liveDataAtom);
  const user = useAtomValue(userAtom);
  const [now, setNow] = useState(() => Date.now() + clockOffsetMs);

  useEffect(() => {
    const minute = window.setInterval(() => setNow(Date.now() + clockOffsetMs), MINUTE_MS);
    return () => window.clearInterval(minute);
  }, [clockOffsetMs]);

  useEffect(() => {
    if (nextAt === null) return;
    const wait = nextAt - (Date.now() + clockOffsetMs);
    if (wait > LONGEST_AUTO_RETRY_MS) return;
    // A second late, so the server's clock has passed the moment too.
    const timer = window.setTimeout(onRetry, Math.max(0, wait) + 1000);
    return () => window.clearTimeout(timer);
  }, [nextAt, clockOffsetMs, onRetry]);

  const stopped = reason === 'earning_blocked';
  return (
    <EmptyState title={message}>
      {nextAt !== null && (
        <p className="surf-empty-next" data-testid="surf-next-post-time">
          The next post can be shown {nextPostText(nextAt, now)}. This page loads it by itself.
        </p>
      )}
      {reason === 'email_unconfirmed' && (
        <p className="surf-empty-confirm">
          <ResendConfirmationButton />
        </p>
      )}
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
      {!stopped && (
        <div className="surf-empty-meanwhile">
          <h3>Meanwhile</h3>
          <p>
            <Link to={NEW_POST_PATH} className="button button-primary">
              Create a post
            </Link>{' '}
            and give it credits: other members view it while you are away.
          </p>
          {user && (
            <>
              <p>Invite someone: every member you bring surfs with you.</p>
              <ReferralLinkBox username={user.username} />
            </>
          )}
        </div>
      )}
    </EmptyState>
  );
}
