import { SitePageView } from '../site-pages/SitePageView.js';
import { usePageTitle } from './usePageTitle.js';

export default function TermsPage() {
  usePageTitle('Terms');
  return <SitePageView slug="terms" title="Terms of use" />;
}
