import {
  CONSENT_CHOICES,
  DEFAULT_CONSENT_COUNTRIES as LISTS,
  consentState,
  parseConsentChoice,
  type ConsentState,
  type StoredConsent,
} from './consent.js';

const ALL_ANSWERS: StoredConsent[] = [null, ...CONSENT_CHOICES];

/** [stored answer, what the visitor gets] for every answer, one table per kind of country. */
type Expectations = [StoredConsent, ConsentState][];

const ALL_THREE: ConsentState['choices'] = ['deny', 'allow', 'dismiss'];
const DENY_OR_ALLOW: ConsentState['choices'] = ['deny', 'allow'];

function expectTable(country: string | null, table: Expectations) {
  expect(table.map(([stored]) => stored)).toEqual(ALL_ANSWERS);
  for (const [stored, expected] of table) {
    expect({ stored, state: consentState(country, stored, LISTS) }).toEqual({ stored, state: expected });
  }
}

describe('cookie consent by country and answer', () => {
  it('keeps the seeded lists with the codes the site uses (EL, GR, UK, GB and EU included)', () => {
    expect(LISTS.cookieLaw).toHaveLength(29);
    expect(LISTS.cookieLaw).toEqual(expect.arrayContaining(['EL', 'GR', 'UK', 'GB', 'EU']));
    expect(LISTS.revocable).toEqual(['HR', 'CY', 'DK', 'EE', 'FR', 'DE', 'LV', 'LT', 'NL', 'PT', 'ES']);
    expect(LISTS.explicitAction).toEqual(['HR', 'IT', 'ES']);
    for (const code of [...LISTS.revocable, ...LISTS.explicitAction]) expect(LISTS.cookieLaw).toContain(code);
  });

  it('a country without a cookie law: no banner, no revoke button, cookies allowed whatever is stored', () => {
    const free: ConsentState = { banner: false, choices: [], revokeButton: false, nonEssentialCookies: true };
    expectTable('US', [
      [null, free],
      ['deny', free],
      ['allow', free],
      ['dismiss', free],
    ]);
  });

  it('a cookie-law country only (AT): banner until answered, dismiss accepts, deny refuses, no revoke button', () => {
    expectTable('AT', [
      [null, { banner: true, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: false }],
      ['deny', { banner: false, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: false }],
      ['allow', { banner: false, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: true }],
      ['dismiss', { banner: false, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: true }],
    ]);
  });

  it('a cookie-law and revocable country (DK): as cookie-law, plus the revoke button once answered', () => {
    expectTable('DK', [
      [null, { banner: true, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: false }],
      ['deny', { banner: false, choices: ALL_THREE, revokeButton: true, nonEssentialCookies: false }],
      ['allow', { banner: false, choices: ALL_THREE, revokeButton: true, nonEssentialCookies: true }],
      ['dismiss', { banner: false, choices: ALL_THREE, revokeButton: true, nonEssentialCookies: true }],
    ]);
  });

  it('a cookie-law and explicit-action country (IT): only Deny or Allow answer, and only Allow allows cookies', () => {
    expectTable('IT', [
      [null, { banner: true, choices: DENY_OR_ALLOW, revokeButton: false, nonEssentialCookies: false }],
      ['deny', { banner: false, choices: DENY_OR_ALLOW, revokeButton: false, nonEssentialCookies: false }],
      ['allow', { banner: false, choices: DENY_OR_ALLOW, revokeButton: false, nonEssentialCookies: true }],
      ['dismiss', { banner: true, choices: DENY_OR_ALLOW, revokeButton: false, nonEssentialCookies: false }],
    ]);
  });

  it('a country in all three lists (ES, HR): explicit Allow needed, revocable once answered', () => {
    for (const country of ['ES', 'HR']) {
      expectTable(country, [
        [null, { banner: true, choices: DENY_OR_ALLOW, revokeButton: false, nonEssentialCookies: false }],
        ['deny', { banner: false, choices: DENY_OR_ALLOW, revokeButton: true, nonEssentialCookies: false }],
        ['allow', { banner: false, choices: DENY_OR_ALLOW, revokeButton: true, nonEssentialCookies: true }],
        ['dismiss', { banner: true, choices: DENY_OR_ALLOW, revokeButton: false, nonEssentialCookies: false }],
      ]);
    }
  });

  it('an unknown country is treated as having a cookie law, without the revoke button', () => {
    expectTable(null, [
      [null, { banner: true, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: false }],
      ['deny', { banner: false, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: false }],
      ['allow', { banner: false, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: true }],
      ['dismiss', { banner: false, choices: ALL_THREE, revokeButton: false, nonEssentialCookies: true }],
    ]);
  });

  it('reads the country in any case', () => {
    expect(consentState('es', 'dismiss', LISTS).banner).toBe(true);
    expect(consentState('us', null, LISTS).banner).toBe(false);
  });

  it('follows edited lists: a revocable or explicit-action country an admin left out of the cookie-law list', () => {
    const lists = { cookieLaw: ['FR'], revocable: ['US'], explicitAction: ['CA'] };
    // Revocable alone is no cookie law: nothing to revoke.
    expect(consentState('US', null, lists)).toEqual({
      banner: false,
      choices: [],
      revokeButton: false,
      nonEssentialCookies: true,
    });
    // Explicit action implies a cookie law.
    expect(consentState('CA', null, lists)).toEqual({
      banner: true,
      choices: DENY_OR_ALLOW,
      revokeButton: false,
      nonEssentialCookies: false,
    });
    // A country taken off every list has no banner any more.
    expect(consentState('ES', null, lists).banner).toBe(false);
  });

  it('reads a stored cookie value: anything but a known answer is no answer', () => {
    expect(parseConsentChoice('allow')).toBe('allow');
    expect(parseConsentChoice('deny')).toBe('deny');
    expect(parseConsentChoice('dismiss')).toBe('dismiss');
    expect(parseConsentChoice('yes')).toBeNull();
    expect(parseConsentChoice('')).toBeNull();
    expect(parseConsentChoice(null)).toBeNull();
    expect(parseConsentChoice(undefined)).toBeNull();
  });
});
