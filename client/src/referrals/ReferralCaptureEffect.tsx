import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '@shared/referrals/referral.js';
import { referralCaptureOf } from './referralCapture.js';

/**
 * A page address with ?dem_rf0=<username> records that member as the visitor's referrer,
 * with where the visitor came from, in a 30-day cookie the server reads at signup. The first
 * referrer wins until the cookie expires.
 */
export function ReferralCaptureEffect() {
  const location = useLocation();
  useEffect(() => {
    if (document.cookie.split('; ').some((cookie) => cookie.startsWith(`${REFERRAL_COOKIE}=`))) return;
    const capture = referralCaptureOf(location.search, window.location.href, document.referrer);
    if (!capture) return;
    const expires = new Date(Date.now() + REFERRAL_COOKIE_DAYS * 86_400_000).toUTCString();
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(JSON.stringify(capture))}; expires=${expires}; path=/; SameSite=Lax${secure}`;
  }, [location.search]);
  return null;
}
