/** The referrer query parameter and the cookie that carries it to signup. */
export const REFERRAL_PARAM = 'dem_rf0';
export const REFERRAL_COOKIE = 'dem_rf0';
export const REFERRAL_COOKIE_DAYS = 30;
/** The longest of each `referwebsite` value, in UTF-16 units. */
export const REFERRAL_SOURCE_MAX_LENGTH = 500;

export interface ReferralCapture {
  /** The referrer's username. */
  from: string;
  /** Where the visitor came from: HTTP_REFERER from rr1, REQUEST_URI from rr2, the landing href and document.referrer. */
  referwebsite: { HTTP_REFERER: string; REQUEST_URI: string; href: string; docref: string };
}
