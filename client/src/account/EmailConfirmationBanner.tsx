import { useAtomValue } from 'jotai';
import { FoldToggle } from '../layout/FoldToggle.js';
import { useFoldedOnPhone } from '../layout/useFoldedOnPhone.js';
import { userAtom } from '../sessions/userAtom.js';
import { ResendConfirmationButton } from './ResendConfirmationButton.js';
import './emailConfirmationBanner.css';

/**
 * Shown on every page to a member whose address is not confirmed yet. On a phone it is one line
 * until its toggle opens it (with the resend button), so the page keeps the screen.
 */
export function EmailConfirmationBanner() {
  const user = useAtomValue(userAtom);
  const fold = useFoldedOnPhone<HTMLParagraphElement>(Boolean(user && !user.emailConfirmed));
  if (!user || user.emailConfirmed) return null;
  const state = fold.expanded ? '' : fold.folded ? 'foldable-on-phone folded' : 'foldable-on-phone';
  return (
    <section className={`email-banner ${state}`} aria-label="Email confirmation">
      <p className="email-banner-text fold-text" ref={fold.ref}>
        Please confirm your email address <strong>{user.email}</strong>. We sent you a link.
      </p>
      <ResendConfirmationButton />
      {fold.showToggle && <FoldToggle expanded={fold.expanded} what="email confirmation" onToggle={fold.toggle} />}
    </section>
  );
}
