import { useAtomValue } from 'jotai';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';

export default function TermsPage() {
  usePageTitle('Terms');
  const name = useAtomValue(websiteAtom)?.name ?? 'Surfex';
  return (
    <article className="page prose">
      <h1>Terms of use</h1>
      <p>By using {name} you agree to these terms.</p>
      <h2>Credits</h2>
      <p>
        Credits are earned only by viewing posts in the surf bar as a person, one at a time, until the countdown ends. Automated
        viewing, several accounts to earn more, or any other way around the countdown ends your account and voids its credits.
        Credits have no cash value.
      </p>
      <h2>Your posts</h2>
      <p>
        You are responsible for what you promote. Posts must be legal, must not mislead, and must not carry malware, adult
        content, or links that redirect elsewhere. We may remove any post and refund its unspent credits.
      </p>
      <h2>Your account</h2>
      <p>Keep your password to yourself. You may close your account at any time from the settings.</p>
    </article>
  );
}
