import type { ConsentCountries } from '../consent/consent.js';

/** The public part of the website settings, sent to every visitor in /data/start. */
export interface PublicWebsite {
  name: string;
  signups: boolean;
  companyRegistration: string;
  /** The cookie-consent country lists the banner follows. */
  consentCountries: ConsentCountries;
}
