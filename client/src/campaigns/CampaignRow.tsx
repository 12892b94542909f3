import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { LANGUAGE_NAMES } from '@shared/constants/languages.js';
import { postTitleOf } from '@shared/campaigns/post-title.js';
import { PATHS } from '@shared/routing/routes.js';
import { api } from '../api/api.js';
import { formatDate, formatDateTime } from '../format/dates.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { postPath } from '../posts/postPath.js';
import { apiErrorLink, apiErrorText } from './apiErrorText.js';
import { editPostPath } from './campaignPaths.js';
import { CampaignInvalidTraffic } from './CampaignInvalidTraffic.js';
import { clickRateText, runsOutText } from './campaignFigures.js';
import { CAMPAIGN_STATUS_HINTS, CAMPAIGN_STATUS_LABELS } from './campaignStatus.js';
import { CreditsForm } from './CreditsForm.js';
import { DailyCapForm } from './DailyCapForm.js';

interface CampaignRowProps {
  campaign: CampaignItem;
  /** Whether its panel (credits, pause, cap, edit, delete) is open; one row's at a time. */
  open: boolean;
  onToggle: () => void;
  onChange: (item: CampaignItem) => void;
  onDelete: (item: CampaignItem) => void;
}

/** Detailed Stats of one post. */
export const postStatsPath = (pid: number) => `${PATHS.detailedStats}?post=${pid}`;

/**
 * One post and its campaign on one compact row (a card on a phone): its title, status and
 * figures, a link to its Detailed Stats, and a Manage button that opens the row's panel for
 * moving credits, pausing, the daily cap, editing and deleting.
 */
export function CampaignRow({ campaign, open, onToggle, onChange, onDelete }: CampaignRowProps) {
  const headingId = useId();
  const panelId = useId();
  const { post } = campaign;
  const thumbnail = post.images[0];
  return (
    <li className={`campaign-row${open ? ' campaign-row-open' : ''}`} aria-labelledby={headingId} data-pid={post.pid}>
      <div className="campaign-row-main">
        <div className="campaign-head">
          {thumbnail && <img className="campaign-thumb" src={mediaUrl(thumbnail)} alt="" width={40} height={40} />}
          <div className="campaign-title">
            <h3 id={headingId} className="campaign-excerpt">
              {postTitleOf(post.text)}
            </h3>
            <span className={`campaign-status campaign-status-${campaign.status}`}>
              {CAMPAIGN_STATUS_LABELS[campaign.status]}
            </span>
          </div>
        </div>
        <dl className="campaign-facts">
          <div>
            <dt>Credits left</dt>
            <dd data-testid="campaign-credits">{campaign.credits.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Views today / total</dt>
            <dd>
              <span data-testid="campaign-views-today">{campaign.viewsToday.toLocaleString()}</span>
              {campaign.dailyViewCap !== null && <span className="muted"> of {campaign.dailyViewCap.toLocaleString()}</span>}
              <span className="muted"> / </span>
              <span data-testid="campaign-views-total">{campaign.viewsTotal.toLocaleString()}</span>
            </dd>
          </div>
          <div>
            <dt>Clicks</dt>
            <dd data-testid="campaign-clicks">{campaign.clicks.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Click rate</dt>
            <dd data-testid="campaign-click-rate">{clickRateText(campaign.clickRate)}</dd>
          </div>
          <div>
            <dt>Runs out</dt>
            <dd data-testid="campaign-runs-out">{runsOutText(campaign.runsOutInDays)}</dd>
          </div>
        </dl>
        <div className="campaign-row-actions">
          <button
            type="button"
            className="button button-small"
            aria-expanded={open}
            aria-controls={panelId}
            aria-describedby={headingId}
            onClick={onToggle}
          >
            {open ? 'Close' : 'Manage'}
          </button>
          <Link className="button button-small" to={postStatsPath(post.pid)} aria-describedby={headingId}>
            Stats
          </Link>
        </div>
      </div>
      <div id={panelId} className="campaign-panel" hidden={!open}>
        {open && <CampaignPanel campaign={campaign} onChange={onChange} onDelete={onDelete} describedBy={headingId} />}
      </div>
    </li>
  );
}

interface CampaignPanelProps {
  campaign: CampaignItem;
  onChange: (item: CampaignItem) => void;
  onDelete: (item: CampaignItem) => void;
  describedBy: string;
}

/** What a member does with one campaign, opened on demand so the list stays short. */
function CampaignPanel({ campaign, onChange, onDelete, describedBy }: CampaignPanelProps) {
  const { post } = campaign;
  return (
    <>
      <p className="campaign-status-hint muted">{CAMPAIGN_STATUS_HINTS[campaign.status]}</p>
      <p className="muted campaign-meta">
        {LANGUAGE_NAMES[post.language] ?? post.language} · created {formatDate(post.createdAt)}
        {post.images.length > 0 && ` · ${post.images.length} picture${post.images.length === 1 ? '' : 's'}`}
        {post.youtubeId && ' · video'} · last view{' '}
        {campaign.lastViewAt ? <time dateTime={campaign.lastViewAt}>{formatDateTime(campaign.lastViewAt)}</time> : 'none yet'}
      </p>
      <CampaignInvalidTraffic campaign={campaign} />
      <CreditsForm campaign={campaign} onChange={onChange} />
      <CampaignActions campaign={campaign} onChange={onChange} onDelete={onDelete} describedBy={describedBy} />
      <details className="campaign-more">
        <summary>Daily view cap{campaign.dailyViewCap !== null && `: ${campaign.dailyViewCap.toLocaleString()} a day`}</summary>
        <DailyCapForm campaign={campaign} onChange={onChange} />
      </details>
    </>
  );
}

/** The panel's buttons; each is described by the post's heading, so "Edit" says which post. */
function CampaignActions({ campaign, onChange, onDelete, describedBy }: CampaignPanelProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; link?: string } | null>(null);
  const paused = campaign.status === 'paused';

  const togglePause = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await api.request<CampaignItem>({
      method: 'POST',
      path: `${CAMPAIGN_ENDPOINTS.campaign}/${campaign.post.pid}/${paused ? 'resume' : 'pause'}`,
    });
    setBusy(false);
    if (isSuccess(result.status) && result.data) onChange(result.data);
    else setError({ text: apiErrorText(result.errors, result.status), link: apiErrorLink(result.errors) });
  };

  return (
    <div className="campaign-actions">
      <button
        type="button"
        className="button button-small"
        onClick={() => void togglePause()}
        aria-disabled={busy || undefined}
        aria-describedby={describedBy}
      >
        {busy ? 'Saving…' : paused ? 'Resume' : 'Pause'}
      </button>
      <Link className="button button-small" to={editPostPath(campaign.post.pid)} aria-describedby={describedBy}>
        Edit
      </Link>
      <Link className="button button-small" to={postPath(campaign.post.pid)} aria-describedby={describedBy}>
        View post
      </Link>
      <button
        type="button"
        className="button button-small button-danger-outline"
        onClick={() => onDelete(campaign)}
        aria-describedby={describedBy}
      >
        Delete
      </button>
      {error && (
        <p role="alert" className="field-error campaign-actions-error">
          {error.text}
          {error.link && (
            <>
              {' '}
              <Link to={error.link}>See the membership levels</Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
