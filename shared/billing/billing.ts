import { z } from 'zod';
import { text } from '../validation/text.js';

/** What an order buys: a pack of credits, or a period of a membership level. */
export const PURCHASE_KINDS = ['pack', 'level'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/**
 * An order's life: `pending` until the provider answers, then `paid` or `declined` once and for
 * good; a pending order nobody paid becomes `expired` after ORDER_PENDING_MINUTES (a late approval
 * still pays it: the customer was charged). `refunded` (an admin gave the money back) and
 * `charged_back` (the card holder's bank took it back) follow `paid` only, and reverse it.
 */
export const ORDER_STATES = ['pending', 'paid', 'declined', 'expired', 'refunded', 'charged_back'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The payment providers: Payroc's Hosted Payment Page, or the app's own offline test page. */
export const PAYMENT_PROVIDERS = ['payroc', 'local'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** How long an order waits for the provider before it expires by itself. */
export const ORDER_PENDING_MINUTES = 60;

/** Prices are whole minor units (cents) with an ISO 4217 currency. */
export interface Price {
  amountMinor: number;
  currency: string;
}

export interface CreditPack extends Price {
  id: number;
  name: string;
  credits: number;
}

/** What a level gives: the free level (no membership) has these too, from the site's settings. */
export interface LevelBenefits {
  /** Credits a member earns for one confirmed view. */
  creditsPerView: number;
  /** The surf bar's countdown. */
  surfTimerSeconds: number;
  /** The most credits a member can earn by surfing in one UTC day. */
  dailyCap: number;
  /** The most campaigns that can run (not paused, not finished) at once. */
  activeCampaigns: number;
  /** Credits granted at the start of every month of the membership (30 days from its start). */
  monthlyCredits: number;
}

/** A membership level for sale: its benefits last `periodDays` from the purchase. */
export interface MembershipLevel extends Price, LevelBenefits {
  id: number;
  name: string;
  /** How many days one purchase lasts. */
  periodDays: number;
}

export interface BillingCatalog {
  packs: CreditPack[];
  levels: MembershipLevel[];
  /** What a member (or team) without a membership gets, to compare against. */
  free: LevelBenefits;
  /**
   * Whether this server takes payments (a payment provider is configured). When false the items
   * are shown without a way to buy them, and a checkout is refused with `payments_unavailable`.
   */
  buyingAvailable: boolean;
}

/** One order, as its owner sees it (and prints as a receipt). */
export interface Order extends Price {
  id: string;
  kind: PurchaseKind;
  /** The pack's or the level's name at the time of the order. */
  itemName: string;
  /** Credits a pack adds; 0 for a level. */
  credits: number;
  state: OrderState;
  provider: PaymentProviderName;
  /** The provider's reference of the settled payment (printed on the receipt). */
  providerRef: string | null;
  /** The team the purchase was for (its credits or level went to the team), with its name. */
  teamId: number | null;
  teamName: string | null;
  createdAt: string;
  settledAt: string | null;
  /** When the order was refunded or charged back. */
  reversedAt: string | null;
  /**
   * Credits a refund or chargeback could not take back because they were already spent (a
   * balance never goes below zero); flagged for an admin when above 0.
   */
  shortfallCredits: number;
}

/** The current membership of the member, or of a team, if any. */
export interface CurrentMembership {
  levelId: number;
  levelName: string;
  startsAt: string;
  /** When the current period ends. Levels never renew by themselves: a later period is bought (paidUntil). */
  endsAt: string;
  /** When the last paid or queued period ends. */
  paidUntil: string;
  /** What the current level gives. */
  benefits: LevelBenefits;
}

/** The member's own membership, and the current team's when one is chosen (otherwise null). */
export interface MembershipAnswer {
  me: CurrentMembership | null;
  team: CurrentMembership | null;
}

/**
 * Where the browser goes to pay: a form to submit to the provider's hosted page with exactly
 * these fields (`method` POST for Payroc, GET for the local test page).
 */
export interface CheckoutForm {
  method: 'GET' | 'POST';
  url: string;
  fields: Record<string, string>;
}

export interface CheckoutAnswer {
  order: Order;
  checkout: CheckoutForm;
}

/**
 * A purchase: `forTeam` buys for the current team (`X-Current-Team`; owners and managers only):
 * a pack's credits go to the team's balance, a level's benefits to the team's campaigns.
 */
export const checkoutSchema = z.object({
  kind: z.enum(PURCHASE_KINDS),
  id: z.number().int().min(1).max(2_147_483_647),
  forTeam: z.boolean().default(false),
});
export type CheckoutPayload = z.infer<typeof checkoutSchema>;

/** What a member has printed on their receipts as the buyer, besides their name and email; each optional. */
export const billingDetailsSchema = z.object({
  company: text().trim().max(200, 'Use at most 200 characters.').default(''),
  address: text().trim().max(500, 'Use at most 500 characters.').default(''),
  vatId: text().trim().max(40, 'Use at most 40 characters.').default(''),
});
export type BillingDetailsPayload = z.input<typeof billingDetailsSchema>;

/** The buyer's details as stored: an empty field is null. */
export interface BillingDetails {
  company: string | null;
  address: string | null;
  vatId: string | null;
}

/** The tax in an order's price (prices include it), when the site charges one. */
export interface ReceiptTax {
  /** "VAT" */
  name: string;
  /** The rate, in percent. */
  ratePercent: number;
  /** The tax part of the price, and the price without it, in the order's minor unit. */
  taxMinor: number;
  netMinor: number;
}

/**
 * One order as its receipt prints it: the buyer (the member's name and email and the details they
 * set), and the tax in its price (null: the site charges none, and the receipt says so). The
 * seller's name and company line are the website's (`PublicWebsite`).
 */
export interface OrderReceipt {
  order: Order;
  buyer: BillingDetails & { name: string; email: string };
  tax: ReceiptTax | null;
}

/** The local test provider's page: the order and the token that lets its holder decide it. */
export const localCheckoutQuerySchema = z.object({ order: text().uuid(), token: text().max(200) });

/** The local test page's answer, as its buttons send it. */
export const localDecisionQuerySchema = localCheckoutQuerySchema.extend({ decision: z.enum(['approve', 'decline']) });

export const BILLING_ENDPOINTS = {
  /** GET → BillingCatalog */
  catalog: '/data/billing/catalog',
  /** POST CheckoutPayload → CheckoutAnswer */
  checkout: '/data/billing/checkout',
  /** GET ?page → Paged<Order>, newest first */
  orders: '/data/billing/orders',
  /** GET → Order (another member's: not_found) */
  order: (id: string) => `/data/billing/orders/${encodeURIComponent(id)}`,
  /** GET → OrderReceipt (another member's: not_found) */
  receipt: (id: string) => `/data/billing/orders/${encodeURIComponent(id)}/receipt`,
  /** GET → BillingDetails; PUT BillingDetailsPayload → BillingDetails (the member's own, printed on receipts) */
  details: '/data/billing/details',
  /** GET → MembershipAnswer */
  membership: '/data/billing/membership',
  /**
   * Payroc sends the customer back here with the signed result; answers a redirect to
   * UPGRADE_COMPLETE_PATH, or, for an answer the server refuses, back here with
   * `?refused=<code>` (REFUSED_ANSWER_PARAM), where the page says so.
   */
  payrocReceipt: '/data/payment/hook/payroc/receipt',
  /**
   * Payroc's background validation, server to server: a form POST, outside /data because it
   * carries no XHR marker (the hash authenticates it); answers 200 once the answer is taken.
   */
  payrocValidation: '/payment/hook/payroc/validation',
  /** The local test provider's hosted page (HTML). */
  localCheckout: '/data/payment/local/checkout',
  /** The local test page's approve / decline buttons. */
  localDecision: '/data/payment/local/decide',
  localReceipt: '/data/payment/hook/local/receipt',
} as const;

/** The query parameter that brings a refused provider answer's error code back to the receipt page. */
export const REFUSED_ANSWER_PARAM = 'refused';

/** Admin calls on orders (the admin role on the server). */
export const BILLING_ADMIN_ENDPOINTS = {
  /** GET ?page&state → Paged<AdminOrder>, newest first; `state=shortfall` lists the flagged ones */
  orders: '/data/admin/billing/orders',
  /** POST → AdminOrder: refunds through the provider and reverses the purchase */
  refund: (id: string) => `/data/admin/billing/orders/${encodeURIComponent(id)}/refund`,
  /** POST → AdminOrder: records the bank's chargeback and reverses the purchase */
  chargeback: (id: string) => `/data/admin/billing/orders/${encodeURIComponent(id)}/chargeback`,
} as const;

/** An order as admins see it: with who bought it. */
export interface AdminOrder extends Order {
  userId: number;
  username: string;
}

export const adminOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  state: z.enum([...ORDER_STATES, 'shortfall']).optional(),
});

/** The page that shows an order's outcome after the provider's page: `?order=<id>`. */
export const UPGRADE_COMPLETE_PATH = '/upgrade/complete';
