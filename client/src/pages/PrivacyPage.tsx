import { SitePageView } from '../site-pages/SitePageView.js';
import { usePageTitle } from './usePageTitle.js';

export default function PrivacyPage() {
  usePageTitle('Privacy');
  return <SitePageView slug="privacy" title="Privacy" />;
}
