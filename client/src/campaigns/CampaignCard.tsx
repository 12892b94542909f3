import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CAMPAIGN_ENDPOINTS, type CampaignItem } from '@shared/campaigns/campaigns.js';
import { LANGUAGE_NAMES } from '@shared/constants/languages.js';
import { api } from '../api/api.js';
import { formatDate, formatDateTime } from '../format/dates.js';
import { isSuccess } from '../forms/fieldErrors.js';
import { mediaUrl } from '../media/mediaUrl.js';
import { excerptOf } from '../posts/linkCard.js';
import { postPath } from '../posts/postPath.js';
import { apiErrorLink, apiErrorText } from './apiErrorText.js';
import { editPostPath } from './campaignPaths.js';
import { CampaignInvalidTraffic } from './CampaignInvalidTraffic.js';
import { CAMPAIGN_STATUS_HINTS, CAMPAIGN_STATUS_LABELS } from './campaignStatus.js';
import { CreditsForm } from './CreditsForm.js';
import { DailyCapForm } from './DailyCapForm.js';

interface CampaignCardProps {
  campaign: CampaignItem;
  onChange: (item: CampaignItem) => void;
  onDelete: (item: CampaignItem) => void;
}

/** One post and its campaign: the figures, views refunded as invalid, credits in and out, pause or resume, the cap, edit and delete. */
export function CampaignCard({ campaign, onChange, onDelete }: CampaignCardProps) {
  const headingId = useId();
  const { post } = campaign;
  const thumbnail = post.images[0];
  return (
    <li className="campaign-card" aria-labelledby={headingId} data-pid={post.pid}>
      <div className="campaign-head">
        {thumbnail && <img className="campaign-thumb" src={mediaUrl(thumbnail)} alt="" width={64} height={64} />}
        <div className="campaign-title">
          <h3 id={headingId} className="campaign-excerpt">
            {excerptOf(post.text) || 'Post without text'}
          </h3>
          <p className="muted campaign-meta">
            {LANGUAGE_NAMES[post.language] ?? post.language} · created {formatDate(post.createdAt)}
            {post.images.length > 0 && ` · ${post.images.length} picture${post.images.length === 1 ? '' : 's'}`}
            {post.youtubeId && ' · video'}
          </p>
        </div>
        <span className={`campaign-status campaign-status-${campaign.status}`}>{CAMPAIGN_STATUS_LABELS[campaign.status]}</span>
      </div>
      <p className="campaign-status-hint muted">{CAMPAIGN_STATUS_HINTS[campaign.status]}</p>
      <dl className="campaign-facts">
        <div>
          <dt>Credits left</dt>
          <dd data-testid="campaign-credits">{campaign.credits.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Views today</dt>
          <dd data-testid="campaign-views-today">
            {campaign.viewsToday.toLocaleString()}
            {campaign.dailyViewCap !== null && <span className="muted"> of {campaign.dailyViewCap.toLocaleString()}</span>}
          </dd>
        </div>
        <div>
          <dt>Views in all</dt>
          <dd data-testid="campaign-views-total">{campaign.viewsTotal.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Last view</dt>
          <dd>
            {campaign.lastViewAt ? (
              <time dateTime={campaign.lastViewAt}>{formatDateTime(campaign.lastViewAt)}</time>
            ) : (
              <span className="muted">No views yet</span>
            )}
          </dd>
        </div>
      </dl>
      <CampaignInvalidTraffic campaign={campaign} />
      <CreditsForm campaign={campaign} onChange={onChange} />
      <CampaignActions campaign={campaign} onChange={onChange} onDelete={onDelete} describedBy={headingId} />
      <details className="campaign-more">
        <summary>Daily view cap{campaign.dailyViewCap !== null && `: ${campaign.dailyViewCap.toLocaleString()} a day`}</summary>
        <DailyCapForm campaign={campaign} onChange={onChange} />
      </details>
    </li>
  );
}

/** The card's buttons; each is described by the post's heading, so "Edit" says which post. */
function CampaignActions({ campaign, onChange, onDelete, describedBy }: CampaignCardProps & { describedBy: string }) {
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
