import { useAtomValue } from 'jotai';
import { capProgress, earningsProgressFigures, viewsProgressText } from '../credits/earningsFormat.js';
import { earningsSummaryAtom } from '../credits/earningsSummaryAtom.js';
import { earningsSummaryFailedAtom } from '../credits/earningsSummaryFailedAtom.js';
import { loadEarningsSummary } from '../credits/loadEarningsSummary.js';
import { spendableCreditsAtom } from '../credits/spendableCreditsAtom.js';
import './surfEarnings.css';

/**
 * Today's earnings: "Earned today 12 of 50 · 40 pending · 970 available" over a bar of the day's
 * cap ("Today …" on a phone), then "19 views left today · 3 this session". The surf bar passes
 * its credited views of this tab (`sessionViews`); the dashboard leaves them out. It is two lines
 * high in every state (loading, failed with a retry, loaded; a line too long for a phone ends in
 * an ellipsis, read whole by screen readers), so nothing under it moves. The figures are the
 * server's: its summary, then each claim's answer.
 */
export function SurfEarningsProgress({ sessionViews = null }: { sessionViews?: number | null }) {
  const summary = useAtomValue(earningsSummaryAtom);
  const spendable = useAtomValue(spendableCreditsAtom);
  const failed = useAtomValue(earningsSummaryFailedAtom);

  if (!summary || !spendable) {
    return (
      <div className="surf-earnings" data-testid="surf-earnings">
        {failed ? (
          <p className="surf-earnings-text surf-earnings-failed">
            Today’s earnings could not be loaded.{' '}
            <button type="button" className="link-button" onClick={() => void loadEarningsSummary()}>
              Try again
            </button>
          </p>
        ) : (
          <p className="surf-earnings-text muted" role="status">
            Loading today’s earnings…
          </p>
        )}
        <div className="surf-earnings-track" aria-hidden="true" />
        <p className="surf-earnings-text surf-earnings-views" aria-hidden="true">
          {'\u00a0'}
        </p>
      </div>
    );
  }

  const progress = capProgress(summary);
  const capped = summary.capToday > 0 && summary.earnedToday >= summary.capToday;
  return (
    <div className="surf-earnings" data-testid="surf-earnings">
      <p className="surf-earnings-text">
        <span className="surf-earnings-label">Earned today</span>
        <span className="surf-earnings-label-short" aria-hidden="true">
          Today
        </span>{' '}
        {earningsProgressFigures(summary, spendable)}
      </p>
      <div
        className={`surf-earnings-track ${capped ? 'surf-earnings-capped' : ''}`}
        role="progressbar"
        aria-label="Earned today"
        aria-valuemin={0}
        aria-valuemax={summary.capToday}
        aria-valuenow={Math.min(summary.earnedToday, summary.capToday)}
        aria-valuetext={`${summary.earnedToday.toLocaleString()} of ${summary.capToday.toLocaleString()} credits`}
      >
        <div className="surf-earnings-fill" style={{ width: `${progress * 100}%` }} />
      </div>
      <p className="surf-earnings-text surf-earnings-views" data-testid="surf-earnings-views">
        {viewsProgressText(summary, sessionViews)}
      </p>
    </div>
  );
}
