import { z } from 'zod';
import { RESERVED_SOCIAL_CODES } from '../feed/feed-source.js';
import { text } from '../validation/text.js';

/**
 * Account payloads. The server validates with these; the client forms use the
 * same schemas for instant feedback.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,24}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const isReservedSocialCode = (name: string) => (RESERVED_SOCIAL_CODES as readonly string[]).includes(name.toLowerCase());

/** A reserved code gets its own message first (abort), not the length rule's. */
export const usernameSchema = text()
  .trim()
  .refine((name) => !isReservedSocialCode(name), { message: 'This name is reserved. Please choose another one.', abort: true })
  .regex(USERNAME_PATTERN, 'Use 3 to 24 letters, digits or underscores.');
export const firstNameSchema = text().trim().min(1, 'Please enter your first name.').max(50, 'Use at most 50 characters.');
export const emailSchema = text().trim().max(254, 'Use at most 254 characters.').email('Please enter a valid email address.');
export const passwordSchema = text()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const signupSchema = z.object({
  username: usernameSchema,
  first_name: firstNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupPayload = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  /** Username or email address. */
  login: text().trim().min(1, 'Please enter your username or email.').max(254),
  password: text().min(1, 'Please enter your password.').max(PASSWORD_MAX),
  /** True on /login/multi: add this account beside the signed-in ones instead of replacing them. */
  addAccount: z.boolean().optional(),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const switchAccountSchema = z.object({ userId: z.number().int().positive() });
export type SwitchAccountPayload = z.infer<typeof switchAccountSchema>;

export const confirmTokenSchema = z.object({
  id: z.coerce.number().int().positive(),
  code: text().min(10).max(200),
});
export type ConfirmTokenPayload = z.infer<typeof confirmTokenSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestPayload = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({
  token: text().min(10).max(300),
  password: passwordSchema,
});
export type PasswordResetPayload = z.infer<typeof passwordResetSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text().min(1, 'Please enter your current password.').max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  password: text().min(1, 'Please enter your password.').max(PASSWORD_MAX),
});
export type ChangeEmailPayload = z.infer<typeof changeEmailSchema>;

export const profileSchema = z.object({ first_name: firstNameSchema });
export type ProfilePayload = z.infer<typeof profileSchema>;

export const MAX_LANGUAGES = 20;
export const MAX_INTERESTS = 20;
export const MAX_INTEREST_LENGTH = 30;
export const onboardingPreferencesSchema = z.object({
  languages: z.array(text().min(2).max(3)).max(MAX_LANGUAGES, `Choose at most ${MAX_LANGUAGES} languages.`),
  interests: z
    .array(text().trim().min(1).max(MAX_INTEREST_LENGTH, `Keep each interest to ${MAX_INTEREST_LENGTH} characters.`))
    .max(MAX_INTERESTS, `Add at most ${MAX_INTERESTS} interests.`),
});
export type OnboardingPreferencesPayload = z.infer<typeof onboardingPreferencesSchema>;

export const setupExistingUserSchema = z.object({ username: usernameSchema, password: passwordSchema });
export type SetupExistingUserPayload = z.infer<typeof setupExistingUserSchema>;

export const EMAIL_CATEGORIES = ['account', 'notifications', 'campaigns', 'referrals', 'announcements', 'newsletter'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  account: 'Account and security (confirmations, password resets)',
  notifications: 'A summary of notifications you missed',
  campaigns: 'Campaign updates, such as a campaign running out of credits',
  referrals: 'A new member signed up through your link',
  announcements: 'Announcements from the team',
  newsletter: 'Tips and news',
};
export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_CATEGORIES.map((category) => [category, z.boolean()])) as Record<EmailCategory, z.ZodBoolean>,
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** The signed link in every mail lets a logged-out reader change their mail preferences. */
export const emailSettingsLinkSchema = z.object({
  u: z.coerce.number().int().positive(),
  sig: text().regex(/^[A-Za-z0-9_-]{20,100}$/),
});
export type EmailSettingsLink = z.infer<typeof emailSettingsLinkSchema>;

export const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** An admin lifts a member's earning stop: earning restored, the surf score reset (the ledger is untouched). */
export const earningSchema = z.object({ earning: z.literal(true) });
export type EarningPayload = z.infer<typeof earningSchema>;
