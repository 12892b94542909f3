/** Limits keep a crash loop in a browser from filling the table (kept free of zod for the client's entry chunk). */
export const LOG_ERROR_LIMITS = { stacktrace: 20_000, url: 2_000, type: 100 } as const;
