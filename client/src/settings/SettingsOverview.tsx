import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';

const SECTIONS = [
  { to: PATHS.settingsProfile, title: 'Profile', text: 'Your first name and picture.' },
  { to: PATHS.settingsSecurity, title: 'Security', text: 'Change your password and see where you are logged in.' },
  { to: PATHS.settingsChangeEmail, title: 'Email address', text: 'Change the address you log in with and get mail at.' },
  { to: PATHS.emailSettings, title: 'Email settings', text: 'Choose which mails we send you.' },
  { to: PATHS.settingsMultiAccounts, title: 'Multi accounts', text: 'Teams that run one advertiser account together.' },
  { to: PATHS.settingsPayments, title: 'Payments', text: 'Your orders, receipts and membership level.' },
];

export function SettingsOverview() {
  return (
    <section aria-labelledby="settings-overview-heading">
      <h2 id="settings-overview-heading" className="visually-hidden">
        All settings
      </h2>
      <ul className="settings-cards">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className="settings-card">
              <span className="settings-card-title">{section.title}</span>
              <span className="settings-card-text">{section.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
