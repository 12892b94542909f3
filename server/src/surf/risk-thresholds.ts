/**
 * The surf score's thresholds, passed to the SQL functions with every call. The signals and their
 * weights are the one scoring rule, surf_risk (sql/surf_risk.sql); README.md in this folder maps it.
 *
 * The challenge score, the block score and the wrong answers that stop earning are site settings
 * (admins change them in Settings; `WebsiteSettingsService.surfRules` reads them): the values here
 * are the ones a new site starts with, seeded by migration SurfSettings, and a test checks that a
 * new database holds them.
 */

export { ANSWERS_KEPT } from '@shared/surf/surf.js';

/** From this score on, every ticket asks for a verification code. */
export const CHALLENGE_AT = 50;
/** The claim that brings the score to this stops the member's earning, and is not credited; admins are told. */
export const BLOCK_AT = 150;
/** This many wrong answers among the last ANSWERS_KEPT stop earning too. */
export const WRONG_CODES_TO_STOP = 3;
/** From this many accounts surfing (in 24 h) from one address, or from one device, each one's session start raises its score. */
export const ACCOUNTS_PER_ADDRESS = 4;
/** A challenged ticket left open this long (minutes) expires, counted as a wrong answer. */
export const CHALLENGE_EXPIRES_MINUTES = 10;
