import type { CreditPack, LevelBenefits, MembershipLevel, Order, OrderState, Price } from '@shared/billing/billing.js';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, locale: string | undefined, perUnit: boolean): Intl.NumberFormat {
  const key = `${currency}|${locale ?? ''}|${perUnit}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // A price per credit is often a fraction of a cent: keep three significant digits of it.
      ...(perUnit ? { maximumSignificantDigits: 3 } : {}),
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** How many minor units (cents) make one unit of the currency: 100 for USD and EUR, 1 for JPY. */
export function minorUnitsPerUnit(currency: string): number {
  try {
    return 10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
  } catch {
    return 100;
  }
}

/** A price in the reader's locale and the price's own currency, e.g. "$9.99" or "9,99 €". */
export function formatPrice({ amountMinor, currency }: Price, locale?: string): string {
  const amount = amountMinor / minorUnitsPerUnit(currency);
  try {
    return moneyFormat(currency, locale, false).format(amount);
  } catch {
    // An unknown currency code: still show the amount, with the code.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** What one credit of a pack costs, e.g. "$0.01 per credit". */
export function perCreditHint(pack: Pick<CreditPack, 'amountMinor' | 'currency' | 'credits'>, locale?: string): string {
  if (pack.credits <= 0) return '';
  const amount = pack.amountMinor / minorUnitsPerUnit(pack.currency) / pack.credits;
  try {
    return `${moneyFormat(pack.currency, locale, true).format(amount)} per credit`;
  } catch {
    return `${amount.toPrecision(3)} ${pack.currency} per credit`;
  }
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

export interface BenefitRow {
  key: keyof LevelBenefits | 'periodDays';
  label: string;
  /** The level's value, as shown. */
  value: string;
  /** What a member without a membership gets, as shown; null when the free level has no such thing. */
  free: string | null;
  /** True when the level gives more than the free level. */
  better: boolean;
}

/** A level's benefits, each beside the free level's, in the order the billing page lists them. */
export function benefitRows(level: MembershipLevel, free: LevelBenefits): BenefitRow[] {
  const row = (key: keyof LevelBenefits, label: string, show: (n: number) => string, rank = (n: number) => n): BenefitRow => ({
    key,
    label,
    value: show(level[key]),
    free: show(free[key]),
    better: rank(level[key]) > rank(free[key]),
  });
  return [
    row('creditsPerView', 'Credits per view', (n) => plural(n, 'credit')),
    // A shorter countdown is the better one.
    row(
      'surfTimerSeconds',
      'Surf timer',
      (n) => plural(n, 'second'),
      (n) => -n,
    ),
    row('dailyCap', 'Daily earning cap', (n) => plural(n, 'credit')),
    // No campaign limit (0) beats any number.
    row(
      'activeCampaigns',
      'Active campaigns',
      (n) => (n > 0 ? n.toLocaleString() : 'No limit'),
      (n) => (n > 0 ? n : Infinity),
    ),
    row('monthlyCredits', 'Monthly credits', (n) => plural(n, 'credit')),
    { key: 'periodDays', label: 'Period', value: plural(level.periodDays, 'day'), free: null, better: false },
  ];
}

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: 'Pending',
  paid: 'Paid',
  declined: 'Declined',
  expired: 'Expired',
  refunded: 'Refunded',
  charged_back: 'Charged back',
};

/** What an order buys, in a few words: "1,000 credits" or "Gold membership". */
export function orderItemText(order: Pick<Order, 'kind' | 'itemName' | 'credits'>): string {
  return order.kind === 'pack' ? `${order.itemName} (${plural(order.credits, 'credit')})` : `${order.itemName} membership`;
}

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for what could be an order's id (a UUID): anything else is not asked of the server. */
export function isOrderId(value: string | null | undefined): value is string {
  return typeof value === 'string' && ORDER_ID.test(value);
}
