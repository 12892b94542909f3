import { z } from 'zod';
import type { CreditPack, MembershipLevel } from '../billing/billing.js';
import { text } from '../validation/text.js';

/**
 * What admins see of an item for sale: `active` false takes it off the billing page (items are
 * never deleted, as orders refer to them), `position` orders the list, smallest first.
 */
interface Listing {
  active: boolean;
  position: number;
}

export interface AdminCreditPack extends CreditPack, Listing {}
export interface AdminMembershipLevel extends MembershipLevel, Listing {}

/** Every pack and level, active or not, in the billing page's order. */
export interface AdminPricing {
  packs: AdminCreditPack[];
  levels: AdminMembershipLevel[];
}

/** A whole number in [min, max], with words an admin can act on. */
const wholeNumber = (min: number, max: number, tooSmall: string) =>
  z
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(min, tooSmall)
    .max(max, `At most ${max.toLocaleString('en')}.`);

/** Currencies in which one unit is 100 minor units: Payroc is sent the amount with two decimals. */
function isTwoDecimalCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) return false;
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2;
}

const CURRENCY_MESSAGE = 'Use a three-letter currency code with cents, such as USD or EUR.';

/**
 * The fields both items share. The price and the credits of a pack match the tables' CHECKs
 * (above 0); the upper bounds keep every number inside PostgreSQL's integer.
 */
const listingFields = {
  name: text().trim().min(1, 'Enter a name.').max(100),
  /** The price in minor units (cents) of `currency`. */
  amountMinor: wholeNumber(1, 100_000_000, 'The price must be more than 0.'),
  /** An ISO 4217 code (three capital letters), typed in any case. */
  currency: text().trim().toUpperCase().refine(isTwoDecimalCurrency, CURRENCY_MESSAGE),
  active: z.boolean({ error: 'Say whether it is for sale.' }),
  position: wholeNumber(0, 10_000, 'The position cannot be below 0.'),
};

/** A credit pack as an admin creates or replaces it. */
export const creditPackSchema = z.object({
  ...listingFields,
  credits: wholeNumber(1, 1_000_000_000, 'A pack gives at least 1 credit.'),
});
export type CreditPackPayload = z.infer<typeof creditPackSchema>;

/**
 * A membership level as an admin creates or replaces it. Its benefits are read live by the surf
 * bar, the campaign limit and the monthly grants, so a change applies at once to every member
 * who holds the level; its price applies to new orders only.
 */
export const membershipLevelSchema = z.object({
  ...listingFields,
  creditsPerView: wholeNumber(1, 1_000, 'A view earns at least 1 credit.'),
  surfTimerSeconds: wholeNumber(0, 600, 'The timer cannot be below 0 seconds.'),
  dailyCap: wholeNumber(0, 1_000_000_000, 'The daily cap cannot be below 0.'),
  /** A campaign runs only while fewer than this many run: 0 would let none run. */
  activeCampaigns: wholeNumber(1, 1_000_000, 'Let at least 1 campaign run.'),
  monthlyCredits: wholeNumber(0, 1_000_000_000, 'Monthly credits cannot be below 0.'),
  periodDays: wholeNumber(1, 3_650, 'A period lasts at least 1 day.'),
});
export type MembershipLevelPayload = z.infer<typeof membershipLevelSchema>;

export const ADMIN_PRICING_ENDPOINTS = {
  /** GET → AdminPricing */
  pricing: '/data/admin/pricing',
  /** POST CreditPackPayload → AdminCreditPack (audited `credit_pack_created`) */
  packs: '/data/admin/pricing/packs',
  /** PUT CreditPackPayload → AdminCreditPack (audited `credit_pack_updated`) */
  pack: (id: number) => `/data/admin/pricing/packs/${id}`,
  /** POST MembershipLevelPayload → AdminMembershipLevel (audited `membership_level_created`) */
  levels: '/data/admin/pricing/levels',
  /** PUT MembershipLevelPayload → AdminMembershipLevel (audited `membership_level_updated`) */
  level: (id: number) => `/data/admin/pricing/levels/${id}`,
} as const;
