import { z } from 'zod';
import { USERNAME_PATTERN } from '../accounts/account.schemas.js';

/** The referral cookie as the client writes it; anything else is ignored at signup. */
export const referralCaptureSchema = z.object({
  from: z.string().regex(USERNAME_PATTERN),
  referwebsite: z.object({
    HTTP_REFERER: z.string().max(500),
    REQUEST_URI: z.string().max(500),
    href: z.string().max(500),
    docref: z.string().max(500),
  }),
});
