import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import type { RouteChrome } from '@shared/routing/routes.js';
import { PATHS } from '@shared/routing/routes.js';
import { websiteAtom } from '../website/websiteAtom.js';

/** Contact, Terms, Privacy and the company line; blank on /getStarted, absent where a page hides it. */
export function Footer({ mode }: { mode: RouteChrome['footer'] }) {
  const website = useAtomValue(websiteAtom);
  if (mode === 'hidden') return null;
  if (mode === 'blank') return <footer className="footer footer-blank" aria-hidden="true" />;
  return (
    <footer className="footer">
      <nav aria-label="Site" className="footer-links">
        <Link to={PATHS.contact}>Contact</Link>
        <Link to={PATHS.terms}>Terms</Link>
        <Link to={PATHS.privacy}>Privacy</Link>
      </nav>
      {website?.companyRegistration && <p className="footer-company">{website.companyRegistration}</p>}
    </footer>
  );
}
