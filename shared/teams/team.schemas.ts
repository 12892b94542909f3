import { z } from 'zod';
import { text } from '../validation/text.js';
import { TEAM_LIMITS, TEAM_ROLES } from './teams.js';

// The team forms' schemas, apart from teams.ts so the constants and types the first download
// needs (roles, paths) do not bring zod into it.

export const teamSchema = z.object({
  name: text()
    .trim()
    .min(2, 'Use at least 2 characters.')
    .max(TEAM_LIMITS.name, `Use at most ${TEAM_LIMITS.name} characters.`)
    .refine((name) => /[\p{L}\p{N}]/u.test(name), 'Use at least one letter or digit.'),
  /** A picture uploaded with the post picture upload (CAMPAIGN_ENDPOINTS.images); null: none. */
  imageId: text().uuid().nullable().default(null),
  /** Whether managers and owners may move the team's credits to their own balance. */
  allowWithdraw: z.boolean().default(false),
});
export type TeamPayload = z.input<typeof teamSchema>;

export const teamInviteSchema = z.object({
  /** The member's username or email address. */
  invitee: text().trim().min(3, 'Enter a username or an email address.').max(254, 'Use at most 254 characters.'),
  role: z.enum(TEAM_ROLES).default('analyst'),
});
export type TeamInvitePayload = z.input<typeof teamInviteSchema>;

export const teamRoleSchema = z.object({ role: z.enum(TEAM_ROLES) });
export type TeamRolePayload = z.infer<typeof teamRoleSchema>;

export const teamTransferSchema = z.object({ uid: z.number().int().min(1).max(2_147_483_647) });
export type TeamTransferPayload = z.infer<typeof teamTransferSchema>;

export const teamCreditsSchema = z.object({
  amount: z
    .number({ error: 'Please enter a number of credits.' })
    .int('Use whole credits.')
    .min(1, 'Move at least 1 credit.')
    .max(TEAM_LIMITS.creditsPerMove, 'Use at most 1,000,000 credits at once.'),
});
export type TeamCreditsPayload = z.infer<typeof teamCreditsSchema>;
