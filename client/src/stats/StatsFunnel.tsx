import type { StatsCounts } from '@shared/stats/stats.js';
import { shareOf } from './statsChange.js';

const STEPS: { key: 'seen' | 'viewed' | 'linkClicks'; label: string; share: string }[] = [
  { key: 'seen', label: 'Seen', share: '' },
  { key: 'viewed', label: 'Viewed (on screen 2 s)', share: 'of seen' },
  { key: 'linkClicks', label: 'Clicked the link', share: 'of seen (click-through rate)' },
];

const percent = (value: number) => `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;

/**
 * Seen → viewed → clicked, each as a share of seen. The tracking counts a full view and a click
 * as seen too (once a day per viewer), so both are part of seen and no share passes 100%; a click
 * need not follow a full view, so clicks are measured against seen, not against viewed. Credited
 * views are the surf bar's own measure and are shown as a headline figure, not as a step.
 */
export function StatsFunnel({ totals }: { totals: StatsCounts }) {
  const seen = totals.seen;
  return (
    <section className="stats-bars stats-funnel" aria-label="Funnel">
      <h3 className="section-heading">Funnel</h3>
      <ol>
        {STEPS.map((step) => {
          const count = totals[step.key];
          const share = shareOf(count, seen);
          return (
            <li key={step.key}>
              <span className="stats-bar-label">{step.label}</span>
              <span className="stats-bar-figures">
                {count.toLocaleString()}
                {step.share && seen > 0 && (
                  <span className="muted">
                    {' '}
                    · {percent(share)} {step.share}
                  </span>
                )}
              </span>
              <span
                className="stats-bar"
                aria-hidden="true"
                style={{ width: `${seen > 0 ? Math.min(100, (count / seen) * 100) : 0}%` }}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
