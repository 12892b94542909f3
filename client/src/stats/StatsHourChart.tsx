import type { StatsByHour } from '@shared/stats/stats.js';

const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const LABELLED_HOURS = new Set([0, 6, 12, 18]);

/** The hour with most views (then most seen; the earliest of equals), or null when nothing was counted. */
export function busiestHour(hours: StatsByHour[]): StatsByHour | null {
  let busiest: StatsByHour | null = null;
  for (const row of hours) {
    if (row.seen + row.viewed === 0) continue;
    if (!busiest || row.viewed > busiest.viewed || (row.viewed === busiest.viewed && row.seen > busiest.seen)) busiest = row;
  }
  return busiest;
}

/**
 * Views by hour of the member's day as 24 columns (seen, with the viewed part darker), the busiest
 * hour named above them and marked; the figures are also a table for screen readers.
 */
export function StatsHourChart({ hours }: { hours: StatsByHour[] }) {
  const busiest = busiestHour(hours);
  const most = Math.max(1, ...hours.map((row) => row.seen));
  return (
    <section className="stats-bars stats-hours" aria-label="By hour of day">
      <h3 className="section-heading">By hour of day</h3>
      {!busiest ? (
        <p className="muted">Nothing counted in this period.</p>
      ) : (
        <>
          <p className="stats-hours-peak">
            Busiest hour: <strong>{`${hourName(busiest.hour)}–${hourName((busiest.hour + 1) % 24)}`}</strong>
            <span className="muted">
              {' '}
              · {busiest.viewed.toLocaleString()} viewed · {busiest.seen.toLocaleString()} seen
            </span>
          </p>
          <div className="stats-hour-chart" aria-hidden="true" data-testid="hour-chart">
            {hours.map((row) => (
              <div
                key={row.hour}
                className={row.hour === busiest.hour ? 'stats-hour stats-hour-busiest' : 'stats-hour'}
                title={`${hourName(row.hour)}: ${row.seen.toLocaleString()} seen, ${row.viewed.toLocaleString()} viewed`}
              >
                <span className="stats-hour-seen" style={{ height: `${(row.seen / most) * 100}%` }}>
                  <span
                    className="stats-hour-viewed"
                    style={{ height: `${row.seen > 0 ? (row.viewed / row.seen) * 100 : 0}%` }}
                  />
                </span>
                <span className="stats-hour-label">{LABELLED_HOURS.has(row.hour) ? String(row.hour).padStart(2, '0') : ''}</span>
              </div>
            ))}
          </div>
          <p className="stats-hours-key muted" aria-hidden="true">
            <span className="stats-key stats-key-seen" /> seen <span className="stats-key stats-key-viewed" /> viewed
          </p>
          <table className="visually-hidden">
            <caption>Views by hour of day</caption>
            <thead>
              <tr>
                <th scope="col">Hour</th>
                <th scope="col">Seen</th>
                <th scope="col">Viewed</th>
                <th scope="col">Link clicks</th>
              </tr>
            </thead>
            <tbody>
              {hours.map((row) => (
                <tr key={row.hour}>
                  <th scope="row">{hourName(row.hour)}</th>
                  <td>{row.seen.toLocaleString()}</td>
                  <td>{row.viewed.toLocaleString()}</td>
                  <td>{row.linkClicks.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
