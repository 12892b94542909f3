import { z } from 'zod';
import { SOCKET_EVENTS_PER_WINDOW } from '@shared/realtime/events.js';
import { DEFAULT_SURF_TIMER_SECONDS } from '@shared/surf/surf.js';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies.js';
import { LOG_FORMATS, type LogFormat } from './log-format.js';

/**
 * Query connections per process. PostgreSQL does most per core with a few connections per core
 * busy at once; beyond that, backends contend for the same locks and every view costs it more CPU.
 * Several processes on one database share what it handles best: DATABASE_POOL_SIZE = this / N
 * each, or PgBouncer in front (docs/scaling.md).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

/** The local test provider's signing secret when none is set: public, so never accepted in production. */
const DEVELOPMENT_PAYMENT_LOCAL_SECRET = 'development-only-payment-secret';

/**
 * Every setting comes from the environment; the defaults make `npm start` work on a fresh
 * machine. The README's configuration table mirrors this schema.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(DEFAULT_DATABASE_POOL_SIZE),
  EMBEDDED_PG_DIR: z.string().default('.data/postgres'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  REDIS_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(16).default('development-only-secret-change-me'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Surfex <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).or(z.literal('')).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustedProxies => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  CLIENT_DIST_DIR: z.string().default('dist/client'),
  ADMIN_EMAIL: z.string().optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  SURF_TIMER_SECONDS: z.coerce.number().int().min(0).max(600).default(DEFAULT_SURF_TIMER_SECONDS),
  DAILY_EARNING_CAP: z.coerce.number().int().min(1).default(500),
  SURF_CHALLENGES: z.enum(['on', 'off']).default('on'),
  EARNINGS_REVIEW_MINUTES: z.coerce.number().int().min(0).max(43_200).default(1440),
  NEWCOMER_DAILY_CAP: z.coerce.number().int().min(1).default(50),
  EARNINGS_REVIEW_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  SOCKET_EVENTS_PER_WINDOW: z.coerce.number().int().min(1).default(SOCKET_EVENTS_PER_WINDOW),
  SOCKET_RECOVERY_EVENTS: z.coerce.number().int().min(100).default(10_000),
  TRACKING_BUFFER_MAX: z.coerce.number().int().min(1).default(50_000),
  TRACKING_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(2).default(90),
  PAYROC_TERMINAL_ID: z.string().optional(),
  PAYROC_SECRET: z.string().optional(),
  PAYROC_TEST_MODE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PAYROC_PAGE_URL: z.string().url().optional(),
  PAYROC_GATEWAY_URL: z.string().url().optional(),
  PAYMENT_LOCAL_SECRET: z.string().min(16).default(DEVELOPMENT_PAYMENT_LOCAL_SECRET),
  PAYMENT_LOCAL_ENABLED: z.enum(['true', 'false']).optional(),
  SALES_TAX_PERCENT: z.coerce.number().min(0).max(100).optional(),
  SALES_TAX_NAME: z.string().trim().min(1).max(30).default('VAT'),
  FREE_ACTIVE_CAMPAIGNS: z.coerce.number().int().min(0).default(25),
  REFERRAL_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  REFERRAL_COMMISSION_MATURING_DAYS: z.coerce.number().int().min(0).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // Long enough that guessing it is hopeless; compared in constant time.
  METRICS_TOKEN: z.string().min(16).optional().or(z.literal('')),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** Payroc's Hosted Payment Page, in its test environment and live. */
export const PAYROC_PAGE_URLS = {
  test: 'https://payments.uat.payroc.com/merchant/paymentpage',
  live: 'https://payments.payroc.com/merchant/paymentpage',
} as const;

/** Payroc's XML gateway (refunds), test environment and live. */
const PAYROC_GATEWAY_URLS = {
  test: 'https://payments.uat.payroc.com/merchant/xmlpayment',
  live: 'https://payments.payroc.com/merchant/xmlpayment',
} as const;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  /** Connections this process keeps to PostgreSQL for its queries (LISTEN connections come on top). */
  databasePoolSize: number;
  embeddedPg: { dir: string; port: number };
  redisUrl: string | undefined;
  sessionSecret: string;
  mail: { smtpUrl: string | undefined; from: string };
  logLevel: string;
  /** Unset (or empty): readable lines at a terminal, JSON lines otherwise. */
  logFormat: LogFormat | undefined;
  /** The proxies whose X-Forwarded-For the app believes (README, Scaling out): none, or their addresses and ranges. */
  trustProxy: TrustedProxies;
  clientDistDir: string;
  /** The account that signs up (or exists) with this address becomes an admin. */
  adminEmail: string | undefined;
  /** Multiplies every rate limit; raised only by test set-ups that sign up many users from one address. */
  rateLimitFactor: number;
  surf: {
    /** The countdown before a view counts (data.timer); 0 only for benchmarks. */
    timerSeconds: number;
    /** Credits a member without a membership level may earn by surfing per day (one a view). */
    dailyEarningCap: number;
    /** Verification challenges in the surf bar; false only for benchmarks. */
    challenges: boolean;
    /** How long a new or flagged member's surf earnings stay in review before they may be spent (minutes). */
    earningsReviewMinutes: number;
    /** A new account's first daily earning cap (without a level); it grows by each view that matured clean. */
    newcomerDailyCap: number;
  };
  /** How often the earnings review looks at the earnings still in review (seconds); 0: never by itself. */
  earningsReviewIntervalSeconds: number;
  /** Socket events one connection may send per 10 s window. */
  socketEventsPerWindow: number;
  /** Socket.IO events kept for recovering dropped connections: in the Redis stream, or in memory without Redis (README, Realtime). */
  socketRecoveryEvents: number;
  tracking: {
    /** Rows (visits, visit updates, events) the write buffer holds at most; past it new calls answer 503. */
    bufferMax: number;
    /** The longest a buffered row waits before its batch is written. */
    flushMs: number;
    /** Days of raw page views and events kept; older daily partitions are dropped. */
    retentionDays: number;
  };
  billing: {
    /** Payroc's Hosted Payment Page when a terminal is configured; otherwise the app's own test page. */
    payroc: { terminalId: string; secret: string; testMode: boolean; pageUrl: string; gatewayUrl: string } | null;
    /**
     * The local test provider (a page that approves without any payment), with the secret that
     * signs its answers; null when it is off: always in production unless PAYMENT_LOCAL_ENABLED
     * is true there, which also needs a PAYMENT_LOCAL_SECRET of its own.
     */
    local: { secret: string } | null;
  };
  /** The tax included in every price, printed on receipts; null: none is charged ("No VAT charged"). */
  salesTax: { name: string; ratePercent: number } | null;
  /** The free level: what an account without a membership gets besides the surf settings. */
  levels: {
    /** Campaigns an account without a membership (a member's own, or a team's) may run at once. */
    freeActiveCampaigns: number;
  };
  /**
   * The longest a shutdown (SIGTERM, SIGINT) may take: draining requests and sockets, writing the
   * tracking buffer, closing the database. Past it the process exits with code 1.
   */
  shutdownTimeoutMs: number;
  /**
   * Where Prometheus reads /metrics: on the app's port with `Authorization: Bearer <token>`, and/or
   * on `port` bound to 127.0.0.1 without a token. Neither set: no /metrics, and nothing measured per request.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** What a referrer earns when a member they referred buys credits or a level. */
  referrals: {
    /** The share (0..100) of what a purchase bought, in credits, rounded down. */
    commissionPercent: number;
    /** Days a commission is held before it is credited; a refund or chargeback until then takes it back. */
    commissionMaturingDays: number;
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.PAYROC_TERMINAL_ID) !== Boolean(e.PAYROC_SECRET)) {
    throw new Error('Invalid configuration: PAYROC_TERMINAL_ID and PAYROC_SECRET are set together');
  }
  if (e.NODE_ENV === 'production' && e.SESSION_SECRET === envSchema.shape.SESSION_SECRET.parse(undefined)) {
    throw new Error('Invalid configuration: SESSION_SECRET must be set in production');
  }
  const localEnabled = e.PAYMENT_LOCAL_ENABLED ? e.PAYMENT_LOCAL_ENABLED === 'true' : e.NODE_ENV !== 'production';
  // Anyone who knows the secret can sign a local "approved" answer, and the default one is published.
  if (localEnabled && e.NODE_ENV === 'production' && e.PAYMENT_LOCAL_SECRET === DEVELOPMENT_PAYMENT_LOCAL_SECRET) {
    throw new Error('Invalid configuration: PAYMENT_LOCAL_ENABLED=true in production needs a PAYMENT_LOCAL_SECRET of its own');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPg: { dir: e.EMBEDDED_PG_DIR, port: e.EMBEDDED_PG_PORT },
    redisUrl: e.REDIS_URL || undefined,
    sessionSecret: e.SESSION_SECRET,
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT || undefined,
    trustProxy: e.TRUST_PROXY,
    clientDistDir: e.CLIENT_DIST_DIR,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() || undefined,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    surf: {
      timerSeconds: e.SURF_TIMER_SECONDS,
      dailyEarningCap: e.DAILY_EARNING_CAP,
      challenges: e.SURF_CHALLENGES === 'on',
      earningsReviewMinutes: e.EARNINGS_REVIEW_MINUTES,
      newcomerDailyCap: e.NEWCOMER_DAILY_CAP,
    },
    earningsReviewIntervalSeconds: e.EARNINGS_REVIEW_INTERVAL_SECONDS,
    socketEventsPerWindow: e.SOCKET_EVENTS_PER_WINDOW,
    socketRecoveryEvents: e.SOCKET_RECOVERY_EVENTS,
    tracking: { bufferMax: e.TRACKING_BUFFER_MAX, flushMs: e.TRACKING_FLUSH_MS, retentionDays: e.TRACKING_RETENTION_DAYS },
    billing: {
      payroc:
        e.PAYROC_TERMINAL_ID && e.PAYROC_SECRET
          ? {
              terminalId: e.PAYROC_TERMINAL_ID,
              secret: e.PAYROC_SECRET,
              testMode: e.PAYROC_TEST_MODE,
              pageUrl: e.PAYROC_PAGE_URL ?? PAYROC_PAGE_URLS[e.PAYROC_TEST_MODE ? 'test' : 'live'],
              gatewayUrl: e.PAYROC_GATEWAY_URL ?? PAYROC_GATEWAY_URLS[e.PAYROC_TEST_MODE ? 'test' : 'live'],
            }
          : null,
      local: localEnabled ? { secret: e.PAYMENT_LOCAL_SECRET } : null,
    },
    salesTax: e.SALES_TAX_PERCENT ? { name: e.SALES_TAX_NAME, ratePercent: e.SALES_TAX_PERCENT } : null,
    levels: { freeActiveCampaigns: e.FREE_ACTIVE_CAMPAIGNS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metrics: { token: e.METRICS_TOKEN || undefined, port: e.METRICS_PORT },
    referrals: {
      commissionPercent: e.REFERRAL_COMMISSION_PERCENT,
      commissionMaturingDays: e.REFERRAL_COMMISSION_MATURING_DAYS,
    },
  };
}
