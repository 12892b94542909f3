import type { CampaignInvalidTraffic } from '@shared/campaigns/campaigns.js';
import { refundReasons } from './invalidTrafficText.js';

/** The categories of refunded views, largest first, each with its count (never who viewed). */
export function RefundReasonList({ invalid }: { invalid: CampaignInvalidTraffic }) {
  return (
    <ul className="refund-reasons">
      {refundReasons(invalid).map((entry) => (
        <li key={entry.reason} data-reason={entry.reason}>
          <span>{entry.label}</span> <span className="refund-reasons-count">{entry.views}</span>
        </li>
      ))}
    </ul>
  );
}
