import { useEffect, useRef, useState } from 'react';
import type { StatsDay } from '@shared/stats/stats.js';
import { formatCalendarDay } from '../format/dates.js';

export interface ChartSeries {
  key: 'seen' | 'viewed' | 'credited';
  label: string;
  color: string;
}

export const DAILY_SERIES: ChartSeries[] = [
  { key: 'seen', label: 'Seen', color: '#6b8fd6' },
  { key: 'viewed', label: 'Viewed', color: '#1f7a4d' },
  { key: 'credited', label: 'Credited', color: '#b5651d' },
];

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const DAY_SECONDS = 86_400;
/** The steps the day axis may take between its labels: whole days and weeks, never hours. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91].map((days) => days * DAY_SECONDS);

/**
 * A line chart of counts by day across the page's width, drawn by uPlot on a canvas (loaded on
 * first use, its own chunk), its days written as the rest of the app writes them ("27 Nov"). Its
 * legend shows the period's totals, and a day's figures while the pointer is on that day. The
 * same figures are a table: visually hidden unless the member asks for it, and always there for
 * screen readers.
 */
export function StatsChart({
  daily,
  label,
  series = DAILY_SERIES,
}: {
  daily: StatsDay[];
  label: string;
  series?: ChartSeries[];
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let resize: ResizeObserver | null = null;
    let current = true;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (!current) return;
        const size = () => ({ width: Math.max(240, element.clientWidth), height: 220 });
        chart = new UPlot(
          {
            ...size(),
            // The dates are calendar days of the member's zone, drawn as UTC midnights so the axis shows them as they are.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [
              {
                incrs: DAY_STEPS,
                space: 56,
                values: (_, splits) => splits.map((split) => formatCalendarDay(dayOf(split), { short: true })),
              },
              { size: 50 },
            ],
            series: [
              {
                label: 'Day',
                value: (_, seconds) => (seconds === null ? `All ${daily.length} days` : formatCalendarDay(dayOf(seconds))),
              },
              ...series.map((s) => {
                const total = daily.reduce((sum, day) => sum + day[s.key], 0);
                return {
                  label: s.label,
                  stroke: s.color,
                  width: 2,
                  points: { show: daily.length <= 31 },
                  value: (_: unknown, count: number | null) => (count === null ? total : count).toLocaleString(),
                };
              }),
            ],
          },
          [daily.map((d) => dayStart(d.day)), ...series.map((s) => daily.map((d) => d[s.key]))],
          element,
        );
        resize = new ResizeObserver(() => chart?.setSize(size()));
        resize.observe(element);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [daily, series]);

  return (
    <figure className="stats-chart">
      <div
        ref={holder}
        className="stats-chart-canvas"
        role="img"
        aria-label={`${label}: chart; the same figures are in the table that follows`}
      />
      {failed && <p className="muted">The chart could not be drawn; the table has every figure.</p>}
      <button
        type="button"
        className="button button-secondary stats-table-toggle"
        aria-expanded={showTable}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? 'Hide the table' : 'Show as a table'}
      </button>
      <div className={showTable ? 'table-scroll' : 'visually-hidden'}>
        <table className="data-table stats-table">
          <caption>{label}, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="numeric">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{formatCalendarDay(d.day)}</time>
                </th>
                {series.map((s) => (
                  <td key={s.key} className="numeric">
                    {d[s.key].toLocaleString()}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
