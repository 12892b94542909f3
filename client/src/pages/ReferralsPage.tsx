import { ScreenPlaceholder } from './ScreenPlaceholder.js';

export default function ReferralsPage() {
  return <ScreenPlaceholder title="Referrals" />;
}
