/** The public part of the website settings, sent to every visitor in /data/start. */
export interface PublicWebsite {
  name: string;
  signups: boolean;
  companyRegistration: string;
}
