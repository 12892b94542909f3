import type { InvalidTraffic } from '@shared/earnings/earnings.js';
import { NO_VIEWS_REFUNDED } from '../campaigns/invalidTrafficText.js';
import { RefundReasonList } from '../campaigns/RefundReasonList.js';

/**
 * The period's views served in Earn Credits, those of them the earnings review refunded as
 * invalid and the credits that came back, and why by category (never by member).
 */
export function StatsInvalidTraffic({ invalid }: { invalid: InvalidTraffic }) {
  return (
    <section className="stats-invalid" aria-labelledby="stats-invalid-heading" data-testid="stats-invalid">
      <h3 id="stats-invalid-heading" className="section-heading">
        Invalid traffic
      </h3>
      <dl className="stats-invalid-figures">
        <div>
          <dt>Served</dt>
          <dd>{invalid.served.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Refunded as invalid</dt>
          <dd>{invalid.refunded.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Credits returned</dt>
          <dd>{invalid.creditsReturned.toLocaleString()}</dd>
        </div>
      </dl>
      {invalid.refunded === 0 ? (
        <p className="muted stats-invalid-none">{NO_VIEWS_REFUNDED}</p>
      ) : (
        <RefundReasonList invalid={invalid} />
      )}
    </section>
  );
}
