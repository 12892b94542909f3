import { z } from 'zod';
import { text } from '../validation/text.js';

const countryList = z
  .array(
    text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Use two-letter country codes'),
  )
  .max(300);

/** The site settings admins edit: applied in every process at once (they reload on the table's NOTIFY). */
export const siteSettingsSchema = z.object({
  name: text().trim().min(1).max(100),
  signups: z.boolean(),
  maintenance: z.boolean(),
  companyRegistration: text().trim().max(300),
  consentCountries: z.object({ cookieLaw: countryList, revocable: countryList, explicitAction: countryList }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const ADMIN_SITE_SETTINGS_ENDPOINTS = {
  /** GET → SiteSettings; PUT SiteSettings → SiteSettings (audited `site_settings_updated`) */
  settings: '/data/admin/settings',
} as const;
