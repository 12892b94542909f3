import { REFERRAL_PARAM, REFERRAL_SOURCE_MAX_LENGTH, type ReferralCapture } from '@shared/referrals/referral.js';
import { toStorableText } from '@shared/validation/storable-text.js';

/** The username part of the capture: longer than any username, so a bad one is still refused at signup. */
const REFERRER_MAX_LENGTH = 64;

/**
 * What a landing with ?dem_rf0=<username> records, or null without one: the referrer, rr1 and
 * rr2 from the address, the landing address and document.referrer. Every value is text the
 * server's schema accepts (no NUL, no lone surrogate, within the length), so a crafted address
 * cannot leave a cookie that fails every signup of this browser.
 */
export function referralCaptureOf(search: string, href: string, docref: string): ReferralCapture | null {
  const params = new URLSearchParams(search);
  const from = params.get(REFERRAL_PARAM);
  if (!from) return null;
  const source = (value: string) => toStorableText(value, REFERRAL_SOURCE_MAX_LENGTH);
  return {
    from: toStorableText(from, REFERRER_MAX_LENGTH),
    referwebsite: {
      HTTP_REFERER: source(params.get('rr1') ?? ''),
      REQUEST_URI: source(params.get('rr2') ?? ''),
      href: source(href),
      docref: source(docref),
    },
  };
}
