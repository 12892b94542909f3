import { text } from '../validation/text.js';

/**
 * The accessible alternative to the challenge picture: the code by email. A member may have this
 * many codes mailed a day (one per view); the rest of the day the picture is the way.
 */
export const EMAILED_CODES_PER_DAY = 3;

/** How many digits a mailed code has. */
export const EMAILED_CODE_LENGTH = 6;

const EMAILED_CODE = /^\d{6}$/;

/** The code as the member types it from the mail (spaces around it forgiven); the claim carries it as `code`. */
export const emailedCodeSchema = text().trim().regex(EMAILED_CODE, `Enter the ${EMAILED_CODE_LENGTH} digits from the mail.`);

/** Whether `code` has the shape of a mailed code (a picture's code has four characters). */
export function isEmailedCode(code: string): boolean {
  return EMAILED_CODE.test(code);
}

/** POST SURF_ENDPOINTS.challengeEmail answered: where the code went. */
export interface SurfChallengeEmailAnswer {
  /** The member's address, masked for the screen (j***@example.test). */
  sentTo: string;
}
