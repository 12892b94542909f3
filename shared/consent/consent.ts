/**
 * Cookie consent: which countries have a cookie law, where a visitor may revoke an answer, and
 * where only an explicit "Allow" counts as consent. The lists are website settings (delivered in
 * /data/start); these are their seeded values, with the codes as the site has always used them
 * (EL and GR for Greece, UK and GB for the United Kingdom, EU for addresses only known as European).
 */
export interface ConsentCountries {
  /** Visitors from these countries see the banner, and get no tracking cookie before they answer. */
  cookieLaw: string[];
  /** Once answered, visitors from these countries see a "Cookie settings" button that clears the answer. */
  revocable: string[];
  /** Only "Allow" is consent here: dismissing the banner is not offered and does not count. */
  explicitAction: string[];
}

export const DEFAULT_CONSENT_COUNTRIES: ConsentCountries = {
  cookieLaw: [
    'AT',
    'BE',
    'BG',
    'HR',
    'CZ',
    'CY',
    'DK',
    'EE',
    'FI',
    'FR',
    'DE',
    'EL',
    'HU',
    'IE',
    'IT',
    'LV',
    'LT',
    'LU',
    'MT',
    'NL',
    'PL',
    'PT',
    'SK',
    'ES',
    'SE',
    'GB',
    'UK',
    'GR',
    'EU',
  ],
  revocable: ['HR', 'CY', 'DK', 'EE', 'FR', 'DE', 'LV', 'LT', 'NL', 'PT', 'ES'],
  explicitAction: ['HR', 'IT', 'ES'],
};

/** The cookie holding the visitor's answer (path /, SameSite=Lax, CONSENT_COOKIE_DAYS long). */
export const CONSENT_COOKIE = 'cookie_consent';

export const CONSENT_CHOICES = ['deny', 'allow', 'dismiss'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The stored answer: null until the visitor answers (or after a revoke). */
export type StoredConsent = ConsentChoice | null;

/** A cookie value read back: anything but a known choice counts as no answer. */
export function parseConsentChoice(value: string | null | undefined): StoredConsent {
  return CONSENT_CHOICES.find((choice) => choice === value) ?? null;
}

export interface ConsentState {
  /** The banner is shown. */
  banner: boolean;
  /** The buttons the banner offers, in this order. */
  choices: ConsentChoice[];
  /** The "Cookie settings" button that clears the answer is shown. */
  revokeButton: boolean;
  /** Non-essential cookies (the visit and visitor cookies of tracking) may be set. */
  nonEssentialCookies: boolean;
}

/**
 * What the visitor sees and what may be stored, from their country (null: unknown, treated as a
 * cookie-law country, since the address may well be in one) and their stored answer.
 *
 * - No cookie law: no banner, cookies allowed.
 * - Explicit-action countries: the banner offers Deny and Allow and stays until one of them is
 *   chosen (a "dismiss" stored elsewhere is no answer here); cookies only after Allow.
 * - Other cookie-law countries (and unknown ones): the banner offers Deny, Allow and Dismiss.
 *   Dismissing accepts the notice, so it allows the cookies like Allow; Deny refuses them; before
 *   an answer none is set.
 * - Revocable countries get the revoke button once an answer counts.
 *
 * A country in the explicit-action list has a cookie law even if an admin left it out of that list.
 */
export function consentState(country: string | null, stored: StoredConsent, lists: ConsentCountries): ConsentState {
  const code = country?.toUpperCase() ?? null;
  const explicit = code !== null && lists.explicitAction.includes(code);
  const cookieLaw = code === null || explicit || lists.cookieLaw.includes(code);
  if (!cookieLaw) return { banner: false, choices: [], revokeButton: false, nonEssentialCookies: true };
  const answer = explicit && stored === 'dismiss' ? null : stored;
  return {
    banner: answer === null,
    choices: explicit ? ['deny', 'allow'] : ['deny', 'allow', 'dismiss'],
    revokeButton: answer !== null && code !== null && lists.revocable.includes(code),
    nonEssentialCookies: answer === 'allow' || answer === 'dismiss',
  };
}

/** GET: the country of the caller's address from the app's own offline database, for visitors /data/start could not place. */
export const GEO_COUNTRY_PATH = '/data/geo/country';

export interface GeoCountryAnswer {
  /** ISO 3166-1 alpha-2, null when unknown. */
  country: string | null;
}
