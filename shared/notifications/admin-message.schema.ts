import { z } from 'zod';
import { text } from '../validation/text.js';

/** An admin's message to one member (kept apart so the client's entry chunk has no zod). */
export const adminMessageSchema = z.object({
  heading: text().trim().min(1, 'Please enter a heading.').max(120),
  body: text().trim().min(1, 'Please enter a message.').max(2000),
  link: text()
    .trim()
    .max(500)
    .regex(/^(\/[^/\\]|https:\/\/)/, 'Use a path on this site or an https address.')
    .optional(),
});
export type AdminMessagePayload = z.infer<typeof adminMessageSchema>;
