import { useAtom, useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import {
  STATS_ENDPOINTS,
  STATS_PERIODS,
  type PostStats,
  type StatsCounts,
  type StatsOverview,
  type StatsPeriodAnswer,
} from '@shared/stats/stats.js';
import { addDays } from '@shared/stats/stats-range.js';
import { NEW_POST_PATH } from '../campaigns/campaignPaths.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { useApiData } from '../api/useApiData.js';
import { excerptOf } from '../posts/linkCard.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { postsHeading } from '../teams/teamSession.js';
import { CsvDownload } from './CsvDownload.js';
import { StatsBreakdownLists } from './StatsBreakdownLists.js';
import { StatsChart } from './StatsChart.js';
import { StatsFunnel } from './StatsFunnel.js';
import { StatsHeadline } from './StatsHeadline.js';
import { StatsInvalidTraffic } from './StatsInvalidTraffic.js';
import { StatsRangeForm } from './StatsRangeForm.js';
import { statsPeriodAtom } from './statsAtoms.js';
import {
  browserTimeZone,
  dayIn,
  periodName,
  previousPeriod,
  selectionOf,
  selectionQuery,
  withSelection,
  type StatsSelection,
} from './statsSelection.js';
import { useLiveCounted, useStats } from './useStats.js';
import './stats.css';

/** A period's name as file names carry it: "30-days" or "2026-11-01-to-2026-11-08". */
const fileSpan = (answer: { days: number; from: string; to: string }, selection: StatsSelection) =>
  'from' in selection ? `${answer.from}-to-${answer.to}` : `${answer.days}-days`;

/**
 * /home/stats/detailed: what happened to the member's posts over the last 7, 30 or 90 days or a
 * range of days (`?from=&to=`, kept in the address so a reload shows the same); `?post=<pid>`
 * shows one post.
 */
export function DetailedStats() {
  const [kept, setKept] = useAtom(statsPeriodAtom);
  const [params, setParams] = useSearchParams();
  const selection = selectionOf(params, kept);
  const pid = /^\d{1,10}$/.test(params.get('post') ?? '') ? Number(params.get('post')) : null;
  const today = dayIn(Date.now(), browserTimeZone());
  const initialRange = 'from' in selection ? selection : { from: addDays(today, 1 - selection.days), to: today };
  return (
    <div className="detailed-stats">
      <div className="stats-period-picker">
        <div className="stats-periods" role="group" aria-label="Period">
          {STATS_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className="button button-secondary"
              aria-pressed={!('from' in selection) && selection.days === period}
              onClick={() => {
                setKept(period);
                setParams(withSelection(params, { days: period }));
              }}
            >
              {period} days
            </button>
          ))}
        </div>
        <StatsRangeForm
          key={`${initialRange.from}|${initialRange.to}`}
          initial={initialRange}
          today={today}
          onApply={(range) => setParams(withSelection(params, range))}
        />
      </div>
      {pid === null ? <Overview selection={selection} /> : <OnePost pid={pid} selection={selection} />}
    </div>
  );
}

const todayOf = (stats: { tz: string; daily: { day: string }[] }) => {
  const today = dayIn(Date.now(), stats.tz);
  return stats.daily.find((entry) => entry.day === today) as (StatsCounts & { day: string }) | undefined;
};

const everyPost = () => true;

/**
 * The headline figures of the period of the same length just before the answer's, read once the
 * answer is there (finished days: the server keeps them, so this costs little); null until then
 * or when it cannot be read (the headline then shows the figures without their change).
 */
function usePreviousTotals<T extends StatsPeriodAnswer & { totals: StatsCounts }>(base: string, answer: T | null): T | null {
  const previous = answer ? previousPeriod(answer) : null;
  const loaded = useApiData<T>(previous && answer ? `${base}?${selectionQuery(previous, answer.tz)}` : null);
  return loaded.data;
}

/** How the headline names the period it is compared with. */
const previousName = (answer: StatsPeriodAnswer) => (answer.days === 1 ? 'the day before' : `the ${answer.days} days before`);

function Overview({ selection }: { selection: StatsSelection }) {
  const stats = useStats<StatsOverview>(`${STATS_ENDPOINTS.overview}?${selectionQuery(selection, browserTimeZone())}`);
  const overview = useLiveCounted(stats.data, everyPost);
  const previous = usePreviousTotals(STATS_ENDPOINTS.overview, stats.data);
  const team = useAtomValue(currentTeamAtom);
  if (stats.failure) return <ErrorState failure={stats.failure} onRetry={stats.reload} />;
  if (!overview) return <LoadingState label="Loading your stats…" />;
  const period = periodName(overview, selection);
  const postLink = (pid: number) => `?${withSelection(new URLSearchParams({ post: String(pid) }), selection)}`;
  return (
    <>
      <h2 className="section-heading">All your posts, {period}</h2>
      <StatsHeadline
        totals={overview.totals}
        previous={previous?.totals ?? null}
        previousName={previousName(overview)}
        today={todayOf(overview)}
        extra={{
          label: 'Visits to your profile page',
          value: overview.ownProfileViews,
          previous: previous?.ownProfileViews ?? null,
        }}
      />
      <StatsChart
        daily={overview.daily}
        label={`Views of all ${team ? `the posts of the team ${team.name}` : 'your posts'}, ${period}`}
      />
      <CsvDownload daily={overview.daily} fileName={`surfex-stats-all-posts-${fileSpan(overview, selection)}.csv`} />
      <div className="stats-breakdowns">
        <StatsFunnel totals={overview.totals} />
        <StatsInvalidTraffic invalid={overview.invalid} />
        <StatsBreakdownLists breakdowns={overview} seenWhere="Where your posts were seen" />
      </div>
      {overview.posts.length === 0 ? (
        <EmptyState title="Nothing counted in this period yet.">
          <Link to={NEW_POST_PATH}>Create a post</Link>
        </EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="data-table stats-table">
            <caption>{postsHeading(team)}, most viewed first</caption>
            <thead>
              <tr>
                <th scope="col">Post</th>
                {['Seen', 'Viewed', 'Credited', 'Link clicks', 'Comments', 'Feels'].map((heading) => (
                  <th key={heading} scope="col" className="numeric">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {overview.posts.map((post) => (
                <tr key={post.pid}>
                  <th scope="row" className="data-table-wrap stats-post">
                    <Link to={postLink(post.pid)}>{excerptOf(post.text, 60) || `Post ${post.pid}`}</Link>
                  </th>
                  {(['seen', 'viewed', 'credited', 'linkClicks', 'comments', 'feels'] as const).map((key) => (
                    <td key={key} className="numeric">
                      {post.totals[key].toLocaleString()}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function OnePost({ pid, selection }: { pid: number; selection: StatsSelection }) {
  const [params] = useSearchParams();
  const stats = useStats<PostStats>(`${STATS_ENDPOINTS.posts}/${pid}?${selectionQuery(selection, browserTimeZone())}`);
  const post = useLiveCounted(stats.data, (counted) => counted === pid);
  const previous = usePreviousTotals(`${STATS_ENDPOINTS.posts}/${pid}`, stats.data);
  const all = new URLSearchParams(params);
  all.delete('post');
  const back = (
    <p>
      <Link to={`?${all}`}>All your posts</Link>
    </p>
  );
  if (stats.failure)
    return (
      <>
        {back}
        <ErrorState failure={stats.failure} onRetry={stats.reload} />
      </>
    );
  if (!post) return <LoadingState label="Loading this post's stats…" />;
  const period = periodName(post, selection);
  return (
    <>
      {back}
      <h2 className="section-heading stats-post-title">
        {post.postTitle}, {period}
      </h2>
      <StatsHeadline
        totals={post.totals}
        previous={previous?.totals ?? null}
        previousName={previousName(post)}
        today={todayOf(post)}
      />
      <StatsChart daily={post.daily} label={`Views of “${post.postTitle}”, ${period}`} />
      <CsvDownload daily={post.daily} fileName={`surfex-stats-post-${post.pid}-${fileSpan(post, selection)}.csv`} />
      <div className="stats-breakdowns">
        <StatsFunnel totals={post.totals} />
        <StatsInvalidTraffic invalid={post.invalid} />
        <StatsBreakdownLists breakdowns={post} seenWhere="Where it was seen" />
      </div>
    </>
  );
}
