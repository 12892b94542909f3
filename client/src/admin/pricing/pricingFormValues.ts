import {
  creditPackSchema,
  membershipLevelSchema,
  type AdminCreditPack,
  type AdminMembershipLevel,
  type CreditPackPayload,
  type MembershipLevelPayload,
} from '@shared/admin/pricing.js';
import type { FieldErrors } from '../../forms/fieldErrors.js';
import { schemaFieldErrors } from '../../forms/schemaFieldErrors.js';

export type PricingKind = 'pack' | 'level';

/** A pack's or level's form as text, named as the payload names its fields (so the server's errors land beside them). */
export type PricingFormValues = Record<string, string>;

export interface PricingFieldSpec {
  name: string;
  label: string;
  hint?: string;
}

/** What only one kind has: the pack's credits, the level's benefits and period. */
export const KIND_FIELDS: Record<PricingKind, readonly PricingFieldSpec[]> = {
  pack: [{ name: 'credits', label: 'Credits', hint: 'Added to the buyer’s balance.' }],
  level: [
    { name: 'creditsPerView', label: 'Credits per view', hint: 'What a confirmed view earns; at least 1.' },
    { name: 'surfTimerSeconds', label: 'Surf timer (seconds)', hint: 'The countdown before Next; 0 to 600.' },
    { name: 'dailyCap', label: 'Daily earning cap (credits)', hint: 'The most a member earns by surfing in a day.' },
    { name: 'activeCampaigns', label: 'Campaigns running at once', hint: 'At least 1.' },
    { name: 'monthlyCredits', label: 'Monthly credits', hint: 'Granted at the start of every 30 days.' },
    { name: 'periodDays', label: 'Period (days)', hint: 'How long one purchase lasts.' },
  ],
};

const SHARED_FIELDS = ['name', 'amountMinor', 'currency', 'position', 'active'] as const;

export function fieldNamesOf(kind: PricingKind): string[] {
  return [...SHARED_FIELDS, ...KIND_FIELDS[kind].map((field) => field.name)];
}

/** Payroc and the schema take currencies with cents only: a price is typed as units and cents. */
const PRICE = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/;
const WHOLE = /^\s*\d{1,10}\s*$/;

/** "4.99" → 499; text that is no price → NaN, which the schema refuses. */
export function minorOfPrice(text: string): number {
  const match = PRICE.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 499 → "4.99". */
export function priceOfMinor(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

const wholeOf = (text: string): number => (WHOLE.test(text) ? Number(text) : NaN);

export function emptyFormValues(kind: PricingKind): PricingFormValues {
  const values: PricingFormValues = { name: '', amountMinor: '', currency: 'USD', position: '0', active: 'true' };
  for (const field of KIND_FIELDS[kind]) values[field.name] = '';
  return values;
}

export function formValuesOf(kind: PricingKind, item: AdminCreditPack | AdminMembershipLevel): PricingFormValues {
  const values: PricingFormValues = {
    name: item.name,
    amountMinor: priceOfMinor(item.amountMinor),
    currency: item.currency,
    position: String(item.position),
    active: String(item.active),
  };
  for (const field of KIND_FIELDS[kind]) values[field.name] = String(item[field.name as keyof typeof item]);
  return values;
}

/** What the server is sent; numbers that are not whole numbers go as NaN, for the schema to refuse by field. */
export function payloadOf(kind: PricingKind, values: PricingFormValues): CreditPackPayload | MembershipLevelPayload {
  const payload: Record<string, unknown> = {
    name: values.name,
    amountMinor: minorOfPrice(values.amountMinor),
    currency: values.currency,
    position: wholeOf(values.position),
    active: values.active === 'true',
  };
  for (const field of KIND_FIELDS[kind]) payload[field.name] = wholeOf(values[field.name]);
  return payload as CreditPackPayload | MembershipLevelPayload;
}

/** The shared schema's verdict, one message per field; a price that is not units and cents says how to type it. */
export function pricingFormErrors(kind: PricingKind, values: PricingFormValues): FieldErrors<string> {
  const errors = schemaFieldErrors(
    kind === 'pack' ? creditPackSchema : membershipLevelSchema,
    payloadOf(kind, values),
    fieldNamesOf(kind),
  );
  if (!PRICE.test(values.amountMinor)) errors.amountMinor = { message: 'Enter a price such as 4.99.' };
  return errors;
}
