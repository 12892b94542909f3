import { z } from 'zod';
import { ANSWERS_KEPT } from '../surf/surf.js';
import { text } from '../validation/text.js';

const countryList = z
  .array(
    text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Use two-letter country codes'),
  )
  .max(300);

/** The longest review window an admin may set (30 days), as the server's EARNINGS_REVIEW_MINUTES. */
export const MAX_EARNINGS_REVIEW_MINUTES = 43_200;

const whole = (min: number, max: number) => z.number().int('Use a whole number').min(min).max(max);

/**
 * The surf bar's site-wide rules. A member's membership level sets their own countdown and daily
 * cap; these are the ones without a level. `null`: the server's configured value (`surfDefaults`).
 */
export const surfSettingsSchema = z
  .object({
    timerSeconds: whole(0, 600).nullable(),
    dailyEarningCap: whole(1, 1_000_000).nullable(),
    /** From this surf score on, every view asks for a code. */
    challengeAt: whole(1, 999),
    /** The claim that brings the surf score to this stops the member's earning. */
    blockAt: whole(2, 1000),
    /** Wrong answers among the member's last ANSWERS_KEPT that stop earning. */
    wrongCodesToStop: whole(1, ANSWERS_KEPT),
    /**
     * How long a new or flagged member's surf earnings stay in review before they can be spent, in
     * minutes (the earnings review may void them meanwhile); 0: none. At most 30 days.
     */
    earningsReviewMinutes: whole(0, MAX_EARNINGS_REVIEW_MINUTES).nullable(),
    /** A new account's first daily earning cap (without a level); it grows with each view that matured clean. */
    newcomerDailyCap: whole(1, 1_000_000).nullable(),
  })
  .refine((surf) => surf.blockAt > surf.challengeAt, {
    path: ['blockAt'],
    message: 'The stop score must be higher than the challenge score.',
  });
export type SurfSettings = z.infer<typeof surfSettingsSchema>;

/** The site settings admins edit: applied in every process at once (they reload on the table's NOTIFY). */
export const siteSettingsSchema = z.object({
  name: text().trim().min(1).max(100),
  signups: z.boolean(),
  maintenance: z.boolean(),
  companyRegistration: text().trim().max(300),
  consentCountries: z.object({ cookieLaw: countryList, revocable: countryList, explicitAction: countryList }),
  surf: surfSettingsSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET's answer: the settings, and the server's values a `null` countdown, cap, review window or newcomer cap stands for. */
export interface SiteSettingsAnswer extends SiteSettings {
  surfDefaults: { timerSeconds: number; dailyEarningCap: number; earningsReviewMinutes: number; newcomerDailyCap: number };
}

export const ADMIN_SITE_SETTINGS_ENDPOINTS = {
  /** GET → SiteSettingsAnswer; PUT SiteSettings → SiteSettingsAnswer (audited `site_settings_updated`) */
  settings: '/data/admin/settings',
} as const;
