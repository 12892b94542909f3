import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CampaignItem } from '@shared/campaigns/campaigns.js';
import { PATHS } from '@shared/routing/routes.js';
import { EmptyState } from '../feedback/EmptyState.js';
import { ErrorState } from '../feedback/ErrorState.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { pidOf } from '../posts/postPath.js';
import { accountCreditsAtom } from '../teams/accountCreditsAtom.js';
import { currentTeamAtom } from '../teams/currentTeamAtom.js';
import { balanceInSentence, balanceLabel, postsHeading } from '../teams/teamSession.js';
import {
  CAMPAIGN_FILTER_LABELS,
  CAMPAIGN_SORT_LABELS,
  isCampaignFilter,
  isCampaignSort,
  orderedCampaigns,
  type CampaignFilter,
  type CampaignSort,
} from './campaignOrder.js';
import { CampaignRow } from './CampaignRow.js';
import { NEW_POST_PATH } from './campaignPaths.js';
import { plural } from './campaignStatus.js';
import { campaignTotalsAtom } from './campaignTotalsAtom.js';
import { useConfirmDeletePost } from './DeletePostDialog.js';
import { PostEditor } from './PostEditor.js';
import { useCampaigns } from './useCampaigns.js';
import './campaigns.css';

/**
 * /home/yourPosts: the member's posts and campaigns; /home/yourPosts/new and
 * /home/yourPosts/:pid/edit: the post editor.
 */
export function CampaignsView({ sub, action }: { sub?: string; action?: string }) {
  const campaigns = useCampaigns();
  const totals = useAtomValue(campaignTotalsAtom);
  const cc = useAtomValue(accountCreditsAtom);
  const team = useAtomValue(currentTeamAtom);
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [sort, setSort] = useState<CampaignSort>('newest');
  const [filter, setFilter] = useState<CampaignFilter>('all');
  const [openPid, setOpenPid] = useState<number | null>(null);
  const confirmDelete = useConfirmDeletePost((deleted) => {
    campaigns.remove(deleted.post.pid);
    setNotice(
      deleted.credits > 0
        ? `Post deleted. ${plural(deleted.credits, 'credit')} went back to ${balanceInSentence(team)}.`
        : 'Post deleted.',
    );
  });

  // The editor replaces the list: back from it, every row is closed again.
  useEffect(() => {
    if (sub !== undefined) {
      setNotice(null);
      setOpenPid(null);
    }
  }, [sub]);

  // A card says what its own change did; the page's last notice ("published…") would be stale.
  const shown = useMemo(
    () => (campaigns.items ? orderedCampaigns(campaigns.items, sort, filter) : []),
    [campaigns.items, sort, filter],
  );

  const changed = (item: CampaignItem) => {
    campaigns.put(item);
    setNotice(null);
  };

  const saved = (message: string) => (item: CampaignItem) => {
    campaigns.put(item);
    setNotice(message);
    navigate(PATHS.campaigns);
  };

  if (sub === 'new' && action === undefined) {
    return (
      <PostEditor
        campaign={null}
        onSaved={saved('Your post is published. Assign credits to its campaign to show it to members.')}
      />
    );
  }
  if (sub !== undefined) {
    const pid = pidOf(sub);
    if (pid === null || action !== 'edit') return <NoSuchPost />;
    if (campaigns.failure) return <ErrorState failure={campaigns.failure} onRetry={campaigns.reload} />;
    if (!campaigns.items) return <LoadingState label="Loading your post…" />;
    const campaign = campaigns.items.find((item) => item.post.pid === pid);
    if (!campaign) return <NoSuchPost />;
    return <PostEditor key={pid} campaign={campaign} onSaved={saved('Your changes are saved.')} />;
  }

  if (campaigns.failure)
    return <ErrorState failure={campaigns.failure} onRetry={campaigns.reload} title="Your campaigns could not be loaded" />;
  if (!campaigns.items || !totals) return <LoadingState label="Loading your campaigns…" />;
  if (campaigns.items.length === 0) {
    return (
      <>
        <Notice text={notice} />
        <EmptyState title="You have no posts yet.">
          <p>Write a post, assign credits to it, and members see it while they earn credits. One credit pays for one view.</p>
          <Link className="button button-primary" to={NEW_POST_PATH}>
            Create your first post
          </Link>
        </EmptyState>
      </>
    );
  }

  return (
    <section aria-labelledby="campaign-list-heading">
      <div className="campaigns-toolbar">
        <div>
          <h2 id="campaign-list-heading" className="campaigns-heading">
            {postsHeading(team)}
          </h2>
          <p className="muted campaigns-summary">
            {plural(totals.posts, 'post')}, {totals.active} active · {plural(totals.credits, 'credit')} in campaigns ·{' '}
            {plural(totals.viewsToday, 'view')} today
          </p>
          {cc !== null && (
            <p className="campaigns-balance" data-testid="campaigns-balance">
              {balanceLabel(team)}: <strong>{plural(cc, 'credit')}</strong>
            </p>
          )}
        </div>
        <Link className="button button-primary" to={NEW_POST_PATH}>
          Create a post
        </Link>
      </div>
      <div className="campaigns-controls">
        <label>
          Sort by
          <select value={sort} onChange={(event) => isCampaignSort(event.target.value) && setSort(event.target.value)}>
            {Object.entries(CAMPAIGN_SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Show
          <select value={filter} onChange={(event) => isCampaignFilter(event.target.value) && setFilter(event.target.value)}>
            {Object.entries(CAMPAIGN_FILTER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice text={notice} />
      {shown.length === 0 ? (
        <div className="campaigns-none">
          <p>No campaign is {CAMPAIGN_FILTER_LABELS[filter].toLowerCase()} now.</p>
          <button type="button" className="button button-small" onClick={() => setFilter('all')}>
            Show all campaigns
          </button>
        </div>
      ) : (
        <ul className="campaign-list">
          {shown.map((campaign) => (
            <CampaignRow
              key={campaign.post.pid}
              campaign={campaign}
              open={openPid === campaign.post.pid}
              onToggle={() => setOpenPid((pid) => (pid === campaign.post.pid ? null : campaign.post.pid))}
              onChange={changed}
              onDelete={confirmDelete}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the last change did; the live region stays in place so screen readers hear each new text. */
function Notice({ text }: { text: string | null }) {
  return (
    <div role="status" className="campaigns-notice">
      {text && (
        <div className="status-message">
          <p>{text}</p>
        </div>
      )}
    </div>
  );
}

function NoSuchPost() {
  return (
    <EmptyState title="This post is not one of yours, or it was deleted.">
      <Link to={PATHS.campaigns}>Back to your campaigns</Link>
    </EmptyState>
  );
}
