import { useAtomValue } from 'jotai';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';

export default function PrivacyPage() {
  usePageTitle('Privacy');
  const name = useAtomValue(websiteAtom)?.name ?? 'Surfex';
  return (
    <article className="page prose">
      <h1>Privacy</h1>
      <p>{name} keeps only what it needs to run the service.</p>
      <h2>What we store</h2>
      <ul>
        <li>Your account: username, first name, email address and a hash of your password.</li>
        <li>Your activity: posts, campaigns, the views you gave and received, and your credit ledger.</li>
        <li>Technical data: sessions (device and last use), and error reports when the site crashes in your browser.</li>
      </ul>
      <h2>Cookies</h2>
      <p>A session cookie keeps you logged in. A referral cookie remembers who invited you for 30 days.</p>
      <h2>Your rights</h2>
      <p>You can ask for a copy of your data or for its deletion through the contact page.</p>
    </article>
  );
}
