import type { StatsCounts } from '@shared/stats/stats.js';
import { changeOf, changeText } from './statsChange.js';

const FIGURES: { key: keyof StatsCounts; label: string }[] = [
  { key: 'seen', label: 'Seen' },
  { key: 'viewed', label: 'Viewed' },
  { key: 'credited', label: 'Credited views' },
  { key: 'linkClicks', label: 'Link clicks' },
  { key: 'videoPlays', label: 'Video plays' },
  { key: 'imageViews', label: 'Picture views' },
  { key: 'profileViews', label: 'Profile opens from posts' },
  { key: 'comments', label: 'Comments' },
  { key: 'feels', label: 'Feels' },
];

/** A figure's change against the period before, with its direction and the figure before in words for screen readers. */
function Change({ now, before }: { now: number; before: number }) {
  const change = changeOf(now, before);
  return (
    <dd className={`stats-tile-change stats-change-${change.kind}`}>
      {changeText(change)}
      <span className="visually-hidden">
        {change.kind === 'up' ? ' up' : change.kind === 'down' ? ' down' : ''} from {before.toLocaleString()}
      </span>
    </dd>
  );
}

/**
 * The period's headline figures, each with its change against the period of the same length just
 * before (once that has loaded), a live Today tile, and an extra figure the page adds.
 */
export function StatsHeadline({
  totals,
  previous,
  previousName,
  today,
  extra,
}: {
  totals: StatsCounts;
  previous: StatsCounts | null;
  previousName: string;
  today: StatsCounts | undefined;
  extra?: { label: string; value: number; previous: number | null };
}) {
  return (
    <>
      {previous && <p className="stats-compare-note muted">Changes are against {previousName}.</p>}
      <dl className="stats-tiles">
        {today && (
          <div className="stats-tile stats-tile-live" aria-live="polite">
            <dt>Today</dt>
            <dd>{today.viewed.toLocaleString()}</dd>
            <dd className="stats-tile-note">viewed · {today.seen.toLocaleString()} seen</dd>
          </div>
        )}
        {FIGURES.map((figure) => (
          <div key={figure.key} className="stats-tile">
            <dt>{figure.label}</dt>
            <dd className="stats-tile-figure">{totals[figure.key].toLocaleString()}</dd>
            {previous && <Change now={totals[figure.key]} before={previous[figure.key]} />}
          </div>
        ))}
        {extra && (
          <div className="stats-tile">
            <dt>{extra.label}</dt>
            <dd className="stats-tile-figure">{extra.value.toLocaleString()}</dd>
            {extra.previous !== null && <Change now={extra.value} before={extra.previous} />}
          </div>
        )}
      </dl>
    </>
  );
}
