import { useAtomValue } from 'jotai';
import type { ReactElement } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { NEW_POST_PATH } from '../campaigns/campaignPaths.js';
import { CampaignsOverview } from '../campaigns/CampaignsOverview.js';
import { CampaignsView } from '../campaigns/CampaignsView.js';
import { creditsPerViewText } from '../credits/earningsFormat.js';
import { earningsSummaryAtom } from '../credits/earningsSummaryAtom.js';
import { CREDITS_PATH } from '../credits/ledgerFormat.js';
import { LedgerView } from '../credits/LedgerView.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { FeedWithSearch } from '../feed/FeedWithSearch.js';
import { accountCreditsAtom } from '../teams/accountCreditsAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { balanceLabel } from '../teams/teamSession.js';
import { userAtom } from '../sessions/userAtom.js';
import { DetailedStats } from '../stats/DetailedStats.js';
import { EarnCreditsView } from '../surf/EarnCreditsView.js';
import { SurfEarningsProgress } from '../surf/SurfEarningsProgress.js';
import { TabLinks } from '../tabs/TabLinks.js';
import { usePageTitle } from './usePageTitle.js';

const DASHBOARD_TABS = [
  { to: PATHS.home, label: 'Overview' },
  { to: PATHS.campaigns, label: 'Campaigns', end: false },
  { to: PATHS.earnCredits, label: 'Earn Credits' },
  { to: PATHS.detailedStats, label: 'Detailed Stats' },
  { to: CREDITS_PATH, label: 'Credits' },
];

const HOME_FEED = { kind: 'home' } as const;

interface DashboardTab {
  title: string;
  render: () => ReactElement;
}

function dashboardTab(tab: string | undefined, tab1: string | undefined, tab2: string | undefined): DashboardTab | null {
  switch (tab) {
    case undefined:
      return { title: 'Dashboard', render: () => <Overview /> };
    case 'yourPosts':
      return { title: 'Campaigns', render: () => <CampaignsView sub={tab1} action={tab2} /> };
    case 'earnCredits':
      return tab1 === undefined ? { title: 'Earn Credits', render: () => <EarnCreditsView /> } : null;
    case 'stats':
      return (tab1 === undefined || tab1 === 'detailed') && tab2 === undefined
        ? { title: 'Detailed Stats', render: () => <DetailedStats /> }
        : null;
    case 'credits':
      return tab1 === undefined ? { title: 'Credits', render: () => <LedgerView /> } : null;
    default:
      return null;
  }
}

/** /home and /home/:tab/:tab1?/:tab2?: the member's dashboard; each tab is an address. */
export default function DashboardPage() {
  const { tab, tab1, tab2 } = useParams();
  const current = dashboardTab(tab, tab1, tab2);
  usePageTitle(current?.title ?? 'Dashboard');
  return (
    <div className={`page dashboard dashboard-${tab ?? 'overview'}`}>
      <h1>{current?.title ?? 'Dashboard'}</h1>
      <TabLinks label="Dashboard" tabs={DASHBOARD_TABS} />
      {current ? (
        current.render()
      ) : (
        <EmptyState title="There is no such part of the dashboard.">
          <Link to={PATHS.home}>Go to the dashboard</Link>
        </EmptyState>
      )}
    </div>
  );
}

function Overview() {
  const user = useAtomValue(userAtom);
  const cc = useAtomValue(accountCreditsAtom);
  const team = useAtomValue(currentTeamAtom);
  const summary = useAtomValue(earningsSummaryAtom);
  // The member's level sets what a view earns; until the summary arrives, the free level's one.
  const perView = creditsPerViewText(summary?.creditsPerView ?? 1);
  return (
    <>
      {user && <p className="dashboard-greeting">Hello, {user.first_name}.</p>}
      <section className="dashboard-balance" aria-labelledby="dashboard-balance-heading">
        <h2 id="dashboard-balance-heading" className="section-heading">
          {balanceLabel(team)}
        </h2>
        <p className="dashboard-balance-figure">
          <strong>{cc === null ? '…' : cc.toLocaleString()}</strong> credits
        </p>
        <p className="muted">Earn {perView} for each post you view in Earn Credits; spend them to have members see your posts.</p>
      </section>
      <section className="dashboard-today" aria-labelledby="dashboard-today-heading">
        <h2 id="dashboard-today-heading" className="section-heading">
          Surfing today
        </h2>
        <SurfEarningsProgress />
      </section>
      <section aria-labelledby="dashboard-campaigns-heading">
        <h2 id="dashboard-campaigns-heading" className="section-heading">
          Your campaigns
        </h2>
        <CampaignsOverview />
      </section>
      <nav aria-labelledby="dashboard-links-heading">
        <h2 id="dashboard-links-heading" className="section-heading">
          Quick links
        </h2>
        <ul className="dashboard-links">
          <li>
            <Link className="dashboard-link" to={PATHS.earnCredits}>
              <span className="dashboard-link-title">Earn credits</span>
              <span className="muted">View posts under a countdown, {perView} each.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={NEW_POST_PATH}>
              <span className="dashboard-link-title">Create a post</span>
              <span className="muted">Write it, add pictures or a video, and assign credits.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.campaigns}>
              <span className="dashboard-link-title">Manage campaigns</span>
              <span className="muted">Add or withdraw credits, pause, resume, set a daily cap.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={CREDITS_PATH}>
              <span className="dashboard-link-title">Credits history</span>
              <span className="muted">Every credit in and out of your balance.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.billing}>
              <span className="dashboard-link-title">Buy credits</span>
              <span className="muted">Credit packs and membership levels, and your payments.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.referrals}>
              <span className="dashboard-link-title">Invite people</span>
              <span className="muted">Your referral link and who signed up with it.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.userSearch}>
              <span className="dashboard-link-title">Find members</span>
              <span className="muted">Search by name and follow them: their posts come into your feed.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.groups}>
              <span className="dashboard-link-title">Groups</span>
              <span className="muted">Join groups, or start one, and post to its members.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.tags}>
              <span className="dashboard-link-title">Tags</span>
              <span className="muted">Follow the tags you care about; see what is trending.</span>
            </Link>
          </li>
          <li>
            <Link className="dashboard-link" to={PATHS.bookmarkedPosts}>
              <span className="dashboard-link-title">Bookmarks</span>
              <span className="muted">The posts you saved to read again.</span>
            </Link>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="dashboard-feed-heading" className="dashboard-feed">
        <h2 id="dashboard-feed-heading" className="section-heading">
          Your feed
        </h2>
        <FeedWithSearch source={HOME_FEED} label="Your feed" />
      </section>
    </>
  );
}
