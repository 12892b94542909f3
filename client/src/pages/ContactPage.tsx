import { useAtomValue } from 'jotai';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';

export default function ContactPage() {
  usePageTitle('Contact');
  const website = useAtomValue(websiteAtom);
  return (
    <article className="page prose">
      <h1>Contact</h1>
      <p>Questions about your account, a payment or a post? Write to our support team and we answer within two working days.</p>
      <p>
        Email: <a href="mailto:support@surfex.example">support@surfex.example</a>
      </p>
      {website?.companyRegistration && <p className="muted">{website.companyRegistration}</p>}
    </article>
  );
}
