import type { StatsCounts } from '@shared/stats/stats.js';

const STAGES: { key: keyof StatsCounts; label: string }[] = [
  { key: 'credited', label: 'Served in Earn Credits' },
  { key: 'seen', label: 'Seen' },
  { key: 'viewed', label: 'Engaged (on screen 2 s)' },
  { key: 'linkClicks', label: 'Clicked the link' },
];

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/**
 * Served → seen → engaged → clicked, each with its share of the stage before. Seen counts every
 * screen (feeds and profiles too), so it can pass the served figure: the share is then above 100%.
 */
export function StatsFunnel({ totals }: { totals: StatsCounts }) {
  const widest = Math.max(1, ...STAGES.map((stage) => totals[stage.key]));
  return (
    <section className="stats-bars stats-funnel" aria-label="Funnel">
      <h3 className="section-heading">Funnel</h3>
      <ol>
        {STAGES.map((stage, index) => {
          const count = totals[stage.key];
          const before = index > 0 ? totals[STAGES[index - 1]!.key] : 0;
          return (
            <li key={stage.key}>
              <span className="stats-bar-label">{stage.label}</span>
              <span className="stats-bar-figures">
                {count.toLocaleString()}
                {index > 0 && before > 0 && <span className="muted"> · {percent.format(count / before)} of the step before</span>}
              </span>
              <span className="stats-bar" aria-hidden="true" style={{ width: `${(count / widest) * 100}%` }} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
