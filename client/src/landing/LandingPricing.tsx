import type { LandingFacts } from '@shared/landing/landing.js';
import { PATHS } from '@shared/routing/routes.js';
import { Link } from 'react-router-dom';
import { formatPrice, perCreditHint, plural } from '../billing/billingFormat.js';

/** What is for sale (the billing catalog's packs and levels), beside what stays free. */
export function LandingPricing({ pricing }: { pricing: LandingFacts['pricing'] }) {
  const { packs, levels, free } = pricing;
  return (
    <section className="landing-section" aria-labelledby="landing-pricing-heading">
      <h2 id="landing-pricing-heading">Pricing</h2>
      <p>
        Surfing is free: earn up to {plural(free.dailyCap, 'credit')} a day, one for each view. Buy credits or a membership only
        if you want more reach, faster.
      </p>
      <div className="landing-prices">
        {packs.length > 0 && (
          <div className="landing-price-group">
            <h3>Credit packs</h3>
            <ul>
              {packs.map((pack) => (
                <li key={pack.id} className="landing-price">
                  <span className="landing-price-name">{pack.name}</span>
                  <span>{plural(pack.credits, 'credit')}</span>
                  <strong>{formatPrice(pack)}</strong>
                  <span className="muted">{perCreditHint(pack)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {levels.length > 0 && (
          <div className="landing-price-group">
            <h3>Memberships</h3>
            <ul>
              {levels.map((level) => (
                <li key={level.id} className="landing-price">
                  <span className="landing-price-name">{level.name}</span>
                  <span>
                    {plural(level.creditsPerView, 'credit')} a view, up to {plural(level.dailyCap, 'credit')} a day
                  </span>
                  <strong>
                    {formatPrice(level)} for {plural(level.periodDays, 'day')}
                  </strong>
                  {level.monthlyCredits > 0 && (
                    <span className="muted">{plural(level.monthlyCredits, 'credit')} each month included</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {packs.length === 0 && levels.length === 0 && <p className="muted">Nothing is for sale right now: everything is free.</p>}
      <p>
        <Link to={PATHS.signup}>Create your free account</Link> to see every benefit side by side.
      </p>
    </section>
  );
}
