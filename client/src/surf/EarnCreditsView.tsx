import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { EARN_CREDITS_NARROW_BREAKPOINT_PX } from '@shared/constants/layout.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { useFullWindowHeight } from '../layout/useFullWindowHeight.js';
import { useIsNarrow } from '../layout/useIsNarrow.js';
import { PostAuthorButton } from '../posts/ProfilePopup.js';
import { PostView } from '../posts/PostView.js';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import { TrackingPlaceContext } from '../tracking/trackingPlace.js';
import { countdownLabel } from './countdown.js';
import { RotatorLanguages } from './RotatorLanguages.js';
import { SurfChallenge } from './SurfChallenge.js';
import { SurfEarningsProgress } from './SurfEarningsProgress.js';
import { SurfEmpty } from './SurfEmpty.js';
import { canClaim, type SurfState } from './surfState.js';
import { useSurfBar } from './useSurfBar.js';
import './surf.css';

/**
 * /home/earnCredits: the surf bar. One post at a time, shown in the page itself (never a framed
 * third-party site), a countdown, and Next once it reaches zero; the server confirms each credit.
 * Its views and clicks are recorded as Earn Credits' (place surf).
 */
export function EarnCreditsView() {
  const surf = useSurfBar();
  const { state } = surf;
  const narrow = useIsNarrow(EARN_CREDITS_NARROW_BREAKPOINT_PX);
  // On a phone the surf bar and its post fill the screen, which scrolls inside itself.
  const fullHeight = useFullWindowHeight(narrow);
  const { cc } = useAtomValue(liveDataAtom);
  const hintId = useId();
  const ready = canClaim(state);
  const showingPost = (state.phase === 'viewing' || state.phase === 'claiming') && state.post !== null;
  const challenge = showingPost && state.data?.codes ? state.data : null;

  return (
    <TrackingPlaceContext.Provider value="surf">
      <div
        className={`surf ${narrow ? 'surf-narrow' : 'surf-wide'} ${fullHeight !== null ? 'surf-full-height' : ''}`}
        style={fullHeight !== null ? { height: fullHeight } : undefined}
      >
        <div className="surf-bar" role="region" aria-label="Surf bar">
          <div className="surf-poster">
            {showingPost && state.post ? (
              <PostAuthorButton author={state.post.author} fromPid={state.post.pid} size={narrow ? 32 : 40} />
            ) : (
              <span className="muted surf-poster-placeholder">{phaseShortText(state)}</span>
            )}
          </div>
          <div className="surf-timer">
            <span
              className={`surf-countdown ${showingPost && state.countdown === 0 ? 'surf-countdown-done' : ''}`}
              role="timer"
              aria-label={
                showingPost
                  ? state.countdown > 0
                    ? `${countdownLabel(state.countdown)} left`
                    : 'Countdown over'
                  : 'No countdown'
              }
              data-testid="surf-countdown"
            >
              {showingPost ? (state.countdown > 0 ? state.countdown : '✓') : '–'}
            </span>
            <button
              type="button"
              className="button button-primary surf-next"
              aria-disabled={!ready || undefined}
              aria-describedby={hintId}
              onClick={surf.next}
            >
              {state.phase === 'claiming' && <span className="button-spinner" aria-hidden="true" />}
              Next
            </button>
          </div>
          <p className="surf-cc">
            <strong>{cc === null ? '…' : cc.toLocaleString()}</strong> <span className="surf-cc-unit">credits</span>
          </p>
          <SurfEarningsProgress sessionViews={surf.sessionViews} />
        </div>
        <p id={hintId} className="surf-hint" aria-live="polite">
          {nextHint(state, ready)}
        </p>
        <div className="surf-notice-region" role="status">
          {state.notice && <p className={`surf-notice surf-notice-${state.notice.tone}`}>{state.notice.text}</p>}
        </div>
        {showingPost && state.data?.m1 && <h2 className="surf-headline">{state.data.m1}</h2>}
        {challenge?.codes && challenge.challengeImage && state.ticket && (
          <SurfChallenge
            key={state.ticket.id}
            ticketId={state.ticket.id}
            image={challenge.challengeImage}
            codes={challenge.codes}
            message={challenge.message}
            picked={state.pickedCode}
            onPick={surf.pickCode}
          />
        )}
        <div className="surf-stage" data-testid="surf-stage">
          <SurfStage state={state} onRetry={surf.loadNext} />
        </div>
        <RotatorLanguages onSaved={() => state.phase === 'empty' && surf.loadNext()} />
      </div>
    </TrackingPlaceContext.Provider>
  );
}

function SurfStage({ state, onRetry }: { state: SurfState; onRetry: () => void }) {
  switch (state.phase) {
    case 'connecting':
      return <LoadingState label="Connecting…" />;
    case 'loading':
      return <LoadingState label="Loading the next post…" />;
    case 'viewing':
    case 'claiming':
      return state.post ? <PostView post={state.post} showAuthor={false} /> : null;
    case 'empty':
      return (
        <SurfEmpty
          message={state.data?.message ?? 'There is nothing to view right now.'}
          reason={state.empty?.reason ?? 'no_posts'}
          nextAt={state.empty?.nextAt ?? null}
          onRetry={onRetry}
        />
      );
    case 'replaced':
      return (
        <EmptyState title="You continued in another tab">
          <p>Earn Credits runs in one tab at a time, and it is now open in another one.</p>
          <button type="button" className="button button-primary" onClick={onRetry}>
            Continue here
          </button>
        </EmptyState>
      );
    case 'failed':
      return state.failure ? (
        <ErrorState failure={state.failure} onRetry={onRetry} title="The next post could not be loaded" />
      ) : null;
  }
}

function phaseShortText(state: SurfState): string {
  switch (state.phase) {
    case 'connecting':
      return 'Connecting…';
    case 'loading':
      return 'Loading…';
    case 'replaced':
      return 'Paused';
    default:
      return 'No post';
  }
}

function nextHint(state: SurfState, ready: boolean): string {
  if (ready) return 'You can press Next now.';
  if (state.phase === 'claiming') return 'Checking your view…';
  if (state.phase === 'viewing') {
    if (state.countdown > 0) return `Next unlocks when the countdown ends.`;
    if (state.data?.codes && !state.pickedCode) return 'Answer the verification, then press Next.';
  }
  return '';
}
