import type { StatsBreakdowns } from '@shared/stats/stats.js';
import { StatsBars } from './StatsBars.js';
import { StatsHourChart } from './StatsHourChart.js';

const SOURCE_LABELS: Record<string, string> = {
  surf: 'Earn Credits',
  feed: 'Feeds',
  post: 'Post page',
  profile: 'Profiles',
  group: 'Groups',
  tag: 'Tags',
  bookmarks: 'Bookmarks',
  other: 'Elsewhere',
};

const countryNames = new Intl.DisplayNames(undefined, { type: 'region' });
const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });

function nameOf(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const countryName = (code: string | null) => (code ? nameOf(countryNames, code) : 'Unknown');
const languageName = (tag: string) => (tag ? nameOf(languageNames, tag) : 'Unknown');
const deviceName = (bucket: string) => (bucket ? bucket.charAt(0).toUpperCase() + bucket.slice(1) : 'Unknown');
const referrerName = (host: string) => host || 'Direct';

/** A period's views broken down: bar lists by screen, country, language, device and referrer, and a chart by hour of day. */
export function StatsBreakdownLists({ breakdowns, seenWhere }: { breakdowns: StatsBreakdowns; seenWhere: string }) {
  const byValue = (rows: StatsBreakdowns['languages'], name: (value: string) => string) =>
    rows.map((row) => ({ label: name(row.value), seen: row.seen, viewed: row.viewed }));
  return (
    <>
      <StatsBars
        title={seenWhere}
        empty="Not seen in this period."
        rows={breakdowns.sources.map((s) => ({ label: SOURCE_LABELS[s.source] ?? s.source, seen: s.seen, viewed: s.viewed }))}
      />
      <StatsBars
        title="Top countries"
        empty="No country counted in this period."
        rows={breakdowns.countries.map((c) => ({ label: countryName(c.country), seen: c.seen, viewed: c.viewed }))}
      />
      <StatsBars
        title="Top languages"
        empty="No language counted in this period."
        rows={byValue(breakdowns.languages, languageName)}
      />
      <StatsBars title="Devices" empty="No device counted in this period." rows={byValue(breakdowns.devices, deviceName)} />
      <StatsBars
        title="Top referrers"
        empty="No referrer counted in this period."
        rows={byValue(breakdowns.referrers, referrerName)}
      />
      <StatsHourChart hours={breakdowns.hours} />
    </>
  );
}
