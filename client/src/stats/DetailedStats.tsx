import { useAtom } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { STATS_ENDPOINTS, STATS_PERIODS, type PostStats, type StatsCounts, type StatsOverview } from '@shared/stats/stats.js';
import { NEW_POST_PATH } from '../campaigns/campaignPaths.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { excerptOf } from '../posts/linkCard.js';
import { CsvDownload } from './CsvDownload.js';
import { StatsBars } from './StatsBars.js';
import { StatsChart } from './StatsChart.js';
import { StatsFunnel } from './StatsFunnel.js';
import { statsPeriodAtom } from './statsAtoms.js';
import { statsQuery, useStats } from './useStats.js';
import './stats.css';

const TILES: { key: keyof StatsCounts; label: string }[] = [
  { key: 'seen', label: 'Seen' },
  { key: 'viewed', label: 'Viewed' },
  { key: 'credited', label: 'Credited views' },
  { key: 'linkClicks', label: 'Link clicks' },
  { key: 'videoPlays', label: 'Video plays' },
  { key: 'imageViews', label: 'Picture views' },
];

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
const countryName = (code: string | null) => (code ? (countryNames.of(code) ?? code) : 'Unknown');

/** /home/stats/detailed: what happened to the member's posts over 7, 30 or 90 days; `?post=<pid>` shows one post. */
export function DetailedStats() {
  const [days, setDays] = useAtom(statsPeriodAtom);
  const [params] = useSearchParams();
  const pid = /^\d{1,10}$/.test(params.get('post') ?? '') ? Number(params.get('post')) : null;
  return (
    <div className="detailed-stats">
      <div className="stats-periods" role="group" aria-label="Period">
        {STATS_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className="button button-secondary"
            aria-pressed={days === period}
            onClick={() => setDays(period)}
          >
            {period} days
          </button>
        ))}
      </div>
      {pid === null ? <Overview days={days} /> : <OnePost pid={pid} days={days} />}
    </div>
  );
}

function Tiles({ totals }: { totals: StatsCounts }) {
  return (
    <dl className="stats-tiles">
      {TILES.map((tile) => (
        <div key={tile.key} className="stats-tile">
          <dt>{tile.label}</dt>
          <dd>{totals[tile.key].toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

function Overview({ days }: { days: (typeof STATS_PERIODS)[number] }) {
  const stats = useStats<StatsOverview>(`${STATS_ENDPOINTS.overview}?${statsQuery(days)}`);
  if (stats.failure) return <ErrorState failure={stats.failure} onRetry={stats.reload} />;
  if (!stats.data) return <LoadingState label="Loading your stats…" />;
  const overview = stats.data;
  return (
    <>
      <h2 className="section-heading">All your posts, last {overview.days} days</h2>
      <Tiles totals={overview.totals} />
      <StatsChart daily={overview.daily} label={`Views of all your posts, last ${overview.days} days`} />
      <CsvDownload daily={overview.daily} fileName={`surfex-stats-all-posts-${overview.days}-days.csv`} />
      <StatsFunnel totals={overview.totals} />
      {overview.posts.length === 0 ? (
        <EmptyState title="Nothing counted in this period yet.">
          <Link to={NEW_POST_PATH}>Create a post</Link>
        </EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="data-table stats-table">
            <caption>Your posts, most viewed first</caption>
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col" className="numeric">
                  Seen
                </th>
                <th scope="col" className="numeric">
                  Viewed
                </th>
                <th scope="col" className="numeric">
                  Credited
                </th>
                <th scope="col" className="numeric">
                  Link clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.posts.map((post) => (
                <tr key={post.pid}>
                  <th scope="row" className="data-table-wrap stats-post">
                    <Link to={`?post=${post.pid}`}>{excerptOf(post.text, 60) || `Post ${post.pid}`}</Link>
                  </th>
                  <td className="numeric">{post.totals.seen.toLocaleString()}</td>
                  <td className="numeric">{post.totals.viewed.toLocaleString()}</td>
                  <td className="numeric">{post.totals.credited.toLocaleString()}</td>
                  <td className="numeric">{post.totals.linkClicks.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function OnePost({ pid, days }: { pid: number; days: (typeof STATS_PERIODS)[number] }) {
  const stats = useStats<PostStats>(`${STATS_ENDPOINTS.posts}/${pid}?${statsQuery(days)}`);
  const back = (
    <p>
      <Link to="?">All your posts</Link>
    </p>
  );
  if (stats.failure)
    return (
      <>
        {back}
        <ErrorState failure={stats.failure} onRetry={stats.reload} />
      </>
    );
  if (!stats.data) return <LoadingState label="Loading this post's stats…" />;
  const post = stats.data;
  return (
    <>
      {back}
      <h2 className="section-heading">
        Post {post.pid}, last {post.days} days
      </h2>
      <Tiles totals={post.totals} />
      <StatsChart daily={post.daily} label={`Views of post ${post.pid}, last ${post.days} days`} />
      <CsvDownload daily={post.daily} fileName={`surfex-stats-post-${post.pid}-${post.days}-days.csv`} />
      <div className="stats-breakdowns">
        <StatsFunnel totals={post.totals} />
        <StatsBars
          title="Where it was seen"
          empty="Not seen in this period."
          rows={post.sources.map((s) => ({ label: SOURCE_LABELS[s.source] ?? s.source, seen: s.seen, viewed: s.viewed }))}
        />
        <StatsBars
          title="Top countries"
          empty="No country counted in this period."
          rows={post.countries.map((c) => ({ label: countryName(c.country), seen: c.seen, viewed: c.viewed }))}
        />
      </div>
    </>
  );
}
