import { z } from 'zod';
import { text } from '../validation/text.js';
import { USERNAME_PATTERN } from '../accounts/account.schemas.js';
import { REFERRAL_SOURCE_MAX_LENGTH } from './referral.js';

/** The referral cookie as the client writes it; anything else is ignored at signup. */
export const referralCaptureSchema = z.object({
  from: text().regex(USERNAME_PATTERN),
  referwebsite: z.object({
    HTTP_REFERER: text().max(REFERRAL_SOURCE_MAX_LENGTH),
    REQUEST_URI: text().max(REFERRAL_SOURCE_MAX_LENGTH),
    href: text().max(REFERRAL_SOURCE_MAX_LENGTH),
    docref: text().max(REFERRAL_SOURCE_MAX_LENGTH),
  }),
});
