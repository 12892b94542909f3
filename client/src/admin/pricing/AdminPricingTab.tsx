import { ADMIN_PRICING_ENDPOINTS, type AdminPricing } from '@shared/admin/pricing.js';
import { useApiData } from '../../api/useApiData.js';
import { ErrorState } from '../../feedback/ErrorState.js';
import { LoadingState } from '../../feedback/LoadingState.js';
import { PricingSection } from './PricingSection.js';
import './pricing.css';

/** /admin/settings/pricing: the credit packs and membership levels for sale, each editable, and forms to add more. */
export function AdminPricingTab() {
  const pricing = useApiData<AdminPricing>(ADMIN_PRICING_ENDPOINTS.pricing);
  if (pricing.failure) return <ErrorState failure={pricing.failure} onRetry={pricing.reload} />;
  if (!pricing.data) return <LoadingState label="Loading the packs and levels…" />;
  return (
    <div className="admin-pricing">
      <PricingSection kind="pack" items={pricing.data.packs} onSaved={pricing.reload} />
      <PricingSection kind="level" items={pricing.data.levels} onSaved={pricing.reload} />
    </div>
  );
}
