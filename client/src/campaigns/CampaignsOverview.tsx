import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { plural } from './campaignStatus.js';
import { campaignTotalsAtom } from './campaignTotalsAtom.js';
import { NEW_POST_PATH } from './campaignPaths.js';
import { useCampaigns } from './useCampaigns.js';
import './campaigns.css';

/** The dashboard's summary of the member's campaigns. */
export function CampaignsOverview() {
  const campaigns = useCampaigns();
  const totals = useAtomValue(campaignTotalsAtom);
  if (campaigns.failure)
    return <ErrorState failure={campaigns.failure} onRetry={campaigns.reload} title="Your campaigns could not be loaded" />;
  if (!campaigns.items || !totals) return <LoadingState label="Loading your campaigns…" />;
  if (campaigns.items.length === 0) {
    return (
      <p>
        You have no posts yet. <Link to={NEW_POST_PATH}>Create your first post</Link> and assign credits to it to have members see
        it.
      </p>
    );
  }
  return (
    <>
      <dl className="summary-figures">
        <div>
          <dt>Posts</dt>
          <dd>{totals.posts.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Active campaigns</dt>
          <dd>{totals.active.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Credits in campaigns</dt>
          <dd>{totals.credits.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Views today</dt>
          <dd>{totals.viewsToday.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Views in all</dt>
          <dd>{totals.viewsTotal.toLocaleString()}</dd>
        </div>
      </dl>
      {totals.outOfCredits > 0 && (
        <p className="campaigns-warning">
          {plural(totals.outOfCredits, 'campaign')} ran out of credits. <Link to={PATHS.campaigns}>Add credits</Link> to show{' '}
          {totals.outOfCredits === 1 ? 'it' : 'them'} again.
        </p>
      )}
      {totals.notPromoted > 0 && (
        <p className="campaigns-note">
          {plural(totals.notPromoted, 'post')} not promoted yet. <Link to={PATHS.campaigns}>Assign credits</Link> to have members
          see {totals.notPromoted === 1 ? 'it' : 'them'}.
        </p>
      )}
    </>
  );
}
