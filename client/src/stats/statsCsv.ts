import type { StatsDay } from '@shared/stats/stats.js';

const COLUMNS: { key: keyof StatsDay; heading: string }[] = [
  { key: 'day', heading: 'Day' },
  { key: 'credited', heading: 'Served (credited surf views)' },
  { key: 'seen', heading: 'Seen' },
  { key: 'viewed', heading: 'Engaged (viewed 2 s)' },
  { key: 'linkClicks', heading: 'Link clicks' },
  { key: 'videoPlays', heading: 'Video plays' },
  { key: 'imageViews', heading: 'Picture views' },
  { key: 'profileViews', heading: 'Profile views' },
  { key: 'comments', heading: 'Comments' },
  { key: 'feels', heading: 'Feels' },
];

/** A field as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The days of a period as CSV (RFC 4180: comma-separated, CRLF line ends), one row per day, oldest first. */
export function statsCsv(daily: StatsDay[]): string {
  const lines = [
    COLUMNS.map((column) => field(column.heading)),
    ...daily.map((day) => COLUMNS.map((column) => field(day[column.key]))),
  ];
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}
