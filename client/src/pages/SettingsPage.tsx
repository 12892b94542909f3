import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { PaymentsSettings } from '../billing/PaymentsSettings.js';
import { ChangeEmailForm } from '../settings/ChangeEmailForm.js';
import { ProfileSettings } from '../settings/ProfileSettings.js';
import { SecuritySettings } from '../settings/SecuritySettings.js';
import { SettingsNav } from '../settings/SettingsNav.js';
import { SettingsOverview } from '../settings/SettingsOverview.js';
import { MultiAccountsSettings } from '../teams/MultiAccountsSettings.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';
import '../settings/settings.css';

const SECTION_TITLES: Record<string, string> = {
  [PATHS.settingsProfile]: 'Profile',
  [PATHS.settingsSecurity]: 'Security',
  [PATHS.settingsChangeEmail]: 'Email address',
  [PATHS.settingsPayments]: 'Payments',
};

function settingsSection(pathname: string): ReactElement {
  switch (pathname) {
    case PATHS.settingsProfile:
      return <ProfileSettings />;
    case PATHS.settingsSecurity:
      return <SecuritySettings />;
    case PATHS.settingsChangeEmail:
      return <ChangeEmailForm />;
    case PATHS.settingsPayments:
      return <PaymentsSettings />;
    default:
      if (pathname.startsWith(PATHS.settingsMultiAccounts)) return <MultiAccountsSettings />;
      return <SettingsOverview />;
  }
}

/** Every /settings address but the public email settings; the tabs are links. */
export default function SettingsPage() {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const title = SECTION_TITLES[path] ?? (path.startsWith(PATHS.settingsMultiAccounts) ? 'Multi accounts' : '');
  usePageTitle(title ? `${title} · Settings` : 'Settings');
  return (
    <div className="page settings">
      <h1>Settings</h1>
      <SettingsNav />
      {settingsSection(path)}
    </div>
  );
}
