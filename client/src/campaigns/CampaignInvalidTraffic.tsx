import type { CampaignItem } from '@shared/campaigns/campaigns.js';
import { NO_VIEWS_REFUNDED, refundedLine } from './invalidTrafficText.js';
import { RefundReasonList } from './RefundReasonList.js';

/**
 * A campaign's views served and those the earnings review refunded as invalid, on one compact
 * line; when there are any, the line opens to list why, by category.
 */
export function CampaignInvalidTraffic({ campaign }: { campaign: CampaignItem }) {
  const { invalid } = campaign;
  if (invalid.refunded === 0)
    return (
      <p className="campaign-invalid muted" data-testid="campaign-invalid">
        {NO_VIEWS_REFUNDED}
      </p>
    );
  return (
    <details className="campaign-invalid campaign-more" data-testid="campaign-invalid">
      <summary>{refundedLine(campaign.viewsTotal, invalid)}</summary>
      <p className="muted campaign-invalid-note">
        The review found these views invalid and returned their credits to this campaign. Why, by category:
      </p>
      <RefundReasonList invalid={invalid} />
    </details>
  );
}
