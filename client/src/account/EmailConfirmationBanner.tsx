import { useAtomValue } from 'jotai';
import { userAtom } from '../sessions/userAtom.js';
import { ResendConfirmationButton } from './ResendConfirmationButton.js';
import './emailConfirmationBanner.css';

/** Shown on every page to a member whose address is not confirmed yet. */
export function EmailConfirmationBanner() {
  const user = useAtomValue(userAtom);
  if (!user || user.emailConfirmed) return null;
  return (
    <section className="email-banner" aria-label="Email confirmation">
      <p className="email-banner-text">
        Please confirm your email address <strong>{user.email}</strong>. We sent you a link.
      </p>
      <ResendConfirmationButton />
    </section>
  );
}
