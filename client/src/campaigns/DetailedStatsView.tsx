import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { formatDateTime } from '../format/dates.js';
import { excerptOf } from '../posts/linkCard.js';
import { postPath } from '../posts/postPath.js';
import { CAMPAIGN_STATUS_LABELS } from './campaignStatus.js';
import { NEW_POST_PATH } from './campaignPaths.js';
import { useCampaigns } from './useCampaigns.js';
import './campaigns.css';

/** /home/stats/detailed: charts are not built yet; the per-campaign figures that exist are shown. */
export function DetailedStatsView() {
  const campaigns = useCampaigns();
  return (
    <>
      <p className="stats-coming">
        Charts by day, language and source are coming soon. For now, here are the figures we count for each of your campaigns.
      </p>
      {campaigns.failure ? (
        <ErrorState failure={campaigns.failure} onRetry={campaigns.reload} />
      ) : !campaigns.items ? (
        <LoadingState label="Loading your figures…" />
      ) : campaigns.items.length === 0 ? (
        <EmptyState title="No campaigns to count yet.">
          <Link to={NEW_POST_PATH}>Create your first post</Link>
        </EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="data-table stats-table">
            <caption className="visually-hidden">Views and credits of each campaign</caption>
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col">Status</th>
                <th scope="col" className="numeric">
                  Views today
                </th>
                <th scope="col" className="numeric">
                  Views in all
                </th>
                <th scope="col" className="numeric">
                  Credits left
                </th>
                <th scope="col">Last view</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.items.map((item) => (
                <tr key={item.post.pid}>
                  <th scope="row" className="data-table-wrap stats-post">
                    <Link to={postPath(item.post.pid)}>{excerptOf(item.post.text, 60) || `Post ${item.post.pid}`}</Link>
                  </th>
                  <td>{CAMPAIGN_STATUS_LABELS[item.status]}</td>
                  <td className="numeric">
                    {item.viewsToday.toLocaleString()}
                    {item.dailyViewCap !== null && <span className="muted"> / {item.dailyViewCap.toLocaleString()}</span>}
                  </td>
                  <td className="numeric">{item.viewsTotal.toLocaleString()}</td>
                  <td className="numeric">{item.credits.toLocaleString()}</td>
                  <td>{item.lastViewAt ? formatDateTime(item.lastViewAt) : <span className="muted">No views yet</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={PATHS.campaigns}>Manage your campaigns</Link>
      </p>
    </>
  );
}
