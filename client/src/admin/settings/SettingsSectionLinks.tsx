import { TabLinks } from '../../tabs/TabLinks.js';
import { ADMIN_PATHS } from '../adminPaths.js';

const SECTIONS = [
  { to: ADMIN_PATHS.settings, label: 'Site settings' },
  { to: ADMIN_PATHS.pricing, label: 'Pricing' },
];

/** The parts of the admin Settings tab: the site's settings, and the packs and levels for sale. */
export function SettingsSectionLinks() {
  return <TabLinks label="Settings sections" tabs={SECTIONS} />;
}
