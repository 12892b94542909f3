import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS, REFERRAL_PARAM, type ReferralCapture } from '@shared/referral/referral.js';

/**
 * A page address with ?dem_rf0=<username> records that member as the visitor's referrer,
 * with where the visitor came from (spec 3 "Referrals"), in a 30-day cookie the server
 * reads at signup. The first referrer wins until the cookie expires.
 */
export function ReferralCaptureEffect() {
  const location = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const from = params.get(REFERRAL_PARAM);
    if (!from || document.cookie.split('; ').some((cookie) => cookie.startsWith(`${REFERRAL_COOKIE}=`))) return;
    const capture: ReferralCapture = {
      from: from.slice(0, 64),
      referwebsite: {
        HTTP_REFERER: (params.get('rr1') ?? '').slice(0, 500),
        REQUEST_URI: (params.get('rr2') ?? '').slice(0, 500),
        href: window.location.href.slice(0, 500),
        docref: document.referrer.slice(0, 500),
      },
    };
    const expires = new Date(Date.now() + REFERRAL_COOKIE_DAYS * 86_400_000).toUTCString();
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(JSON.stringify(capture))}; expires=${expires}; path=/; SameSite=Lax${secure}`;
  }, [location.search]);
  return null;
}
