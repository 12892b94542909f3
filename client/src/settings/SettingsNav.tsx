import { PATHS } from '@shared/routing/routes.js';
import { TabLinks } from '../tabs/TabLinks.js';

const SETTINGS_TABS = [
  { to: PATHS.settings, label: 'Overview' },
  { to: PATHS.settingsProfile, label: 'Profile' },
  { to: PATHS.settingsSecurity, label: 'Security' },
  { to: PATHS.settingsChangeEmail, label: 'Email address' },
  { to: PATHS.emailSettings, label: 'Email settings' },
  { to: PATHS.settingsMultiAccounts, label: 'Multi accounts', end: false },
  { to: PATHS.settingsPayments, label: 'Payments' },
];

export function SettingsNav() {
  return <TabLinks label="Settings sections" tabs={SETTINGS_TABS} />;
}
