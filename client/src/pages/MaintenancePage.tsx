import { useAtomValue } from 'jotai';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';

export default function MaintenancePage() {
  usePageTitle('Maintenance');
  const website = useAtomValue(websiteAtom);
  return (
    <div className="page page-centered">
      <h1>We’ll be right back</h1>
      <p>{website?.name ?? 'The site'} is down for maintenance. Please try again in a few minutes.</p>
      <button type="button" className="button button-primary" onClick={() => window.location.assign('/')}>
        Try again
      </button>
    </div>
  );
}
