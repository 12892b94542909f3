/**
 * The account calls; the client and the tests use these instead of spelling paths.
 * Every answer is the /data envelope; "→" names the type of `data`.
 *
 * | key | method | payload (schema in account.schemas.ts) | → data |
 * |---|---|---|---|
 * | signup | POST | SignupPayload; reads the dem_rf0 referral cookie | null; sets the session cookie |
 * | login | POST | LoginPayload (addAccount on /login/multi) | null; sets the session cookie |
 * | logout | POST | – | null; revokes every session of this browser |
 * | accounts | GET | – | SignedInAccount[] (this browser's accounts) |
 * | switchAccount | POST | SwitchAccountPayload | null; makes that account active |
 * | confirmEmail | POST | ConfirmTokenPayload (from /setup/:id/:code) | TokenLinkAnswer |
 * | resendConfirmation | POST | – (member) | null; 429 "try again in N seconds" when too soon |
 * | passwordResetRequest | POST | PasswordResetRequestPayload | null, whether or not the address exists |
 * | passwordReset | POST | PasswordResetPayload (token from /password/reset/:token) | null; logs in, ends other sessions |
 * | profile | GET / PUT | – / ProfilePayload (member) | OwnProfileAnswer |
 * | picture | POST | multipart, one file field `picture` (JPEG, PNG, WebP or GIF, ≤ 5 MB) | OwnProfileAnswer |
 * | password | PUT | ChangePasswordPayload (member) | null; ends the other sessions |
 * | sessions | GET | – (member) | SessionInfo[] |
 * | sessions + '/:id' | DELETE | – (member) | null |
 * | email | POST | ChangeEmailPayload (member) | null; mails a link to the new address |
 * | emailSettings | GET / PUT | query EmailSettingsLink (or a session) / EmailPreferences | EmailPreferencesAnswer |
 * | onboardingPreferences | GET / PUT | – / OnboardingPreferencesPayload (member) | OnboardingPreferencesPayload / null |
 * | onboardingFinish | POST | – (member) | null; finishedGetStarted becomes true |
 * | setupExistingUser | POST | SetupExistingUserPayload (member with needsSetup) | null |
 * | referrals | GET | query `page` (member) | Paged<ReferralRow> |
 * | referralCommissions | GET | query `page` (member) | CommissionsAnswer (shared/referrals/commissions.ts) |
 * | publicProfile + '/:username' | GET | – (anyone) | ProfileAnswer |
 * | adminOverview | GET | – (admin) | AdminOverview |
 * | adminUsers + '/:id/earning' | POST | EarningPayload (admin) | EarningPayload; earning restored, surf score reset |
 * | outbox | GET | – (not in production) | OutboxMail[] |
 */
export const ACCOUNT_ENDPOINTS = {
  signup: '/data/auth/signup',
  login: '/data/auth/login',
  logout: '/data/auth/logout',
  accounts: '/data/auth/accounts',
  switchAccount: '/data/auth/switch',
  confirmEmail: '/data/account/confirm',
  resendConfirmation: '/data/account/resend-confirmation',
  passwordResetRequest: '/data/password/reset',
  passwordReset: '/data/password/reset/confirm',
  profile: '/data/settings/profile',
  picture: '/data/settings/picture',
  password: '/data/settings/password',
  sessions: '/data/settings/sessions',
  email: '/data/settings/email',
  emailSettings: '/data/settings/emailSettings',
  onboardingPreferences: '/data/getStarted/preferences',
  onboardingFinish: '/data/getStarted/finish',
  setupExistingUser: '/data/setupExistingUser',
  referrals: '/data/referrals',
  referralCommissions: '/data/referrals/commissions',
  publicProfile: '/data/profile',
  adminOverview: '/data/admin/overview',
  adminUsers: '/data/admin/users',
  outbox: '/data/dev/outbox',
} as const;
