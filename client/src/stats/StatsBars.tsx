/** A breakdown as a plain list of labelled bars (their length for the eye, the figures as text). */
export function StatsBars({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { label: string; seen: number; viewed: number; linkClicks?: number }[];
  empty: string;
}) {
  const most = Math.max(1, ...rows.map((row) => row.seen + row.viewed));
  return (
    <section className="stats-bars" aria-label={title}>
      <h3 className="section-heading">{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.label}>
              <span className="stats-bar-label">{row.label}</span>
              <span className="stats-bar-figures">
                {row.seen.toLocaleString()} seen · {row.viewed.toLocaleString()} viewed
                {row.linkClicks !== undefined && ` · ${row.linkClicks.toLocaleString()} clicks`}
              </span>
              <span className="stats-bar" aria-hidden="true" style={{ width: `${((row.seen + row.viewed) / most) * 100}%` }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
