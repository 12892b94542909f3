import { z } from 'zod';
import { text } from '../validation/text.js';

/** Where an error happened: the client's error boundary (its report's type) or the server ('server'). */
export type ErrorSource = string;

/** One group of identical errors (same normalised message and top stack frame), as admins list it. */
export interface ErrorGroupSummary {
  fingerprint: string;
  type: ErrorSource;
  message: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** Null while open; a new occurrence after resolution reopens the group. */
  resolvedAt: string | null;
}

/** A group in full: a few of the addresses it happened at, the browsers, and one stack. */
export interface ErrorGroupDetail extends ErrorGroupSummary {
  urls: string[];
  /** Browser family → occurrences ('Server' for server errors). */
  browsers: Record<string, number>;
  sampleStack: string;
}

export const ERROR_GROUP_STATES = ['open', 'resolved'] as const;

export const errorGroupsQuerySchema = z.object({
  state: z.enum(ERROR_GROUP_STATES).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ErrorGroupsQuery = z.infer<typeof errorGroupsQuerySchema>;

/** A fingerprint is 16 hex digits. */
export const fingerprintSchema = text().regex(/^[0-9a-f]{16}$/);

export const ADMIN_ERRORS_ENDPOINTS = {
  /** GET ?state=open|resolved&page → Paged<ErrorGroupSummary>, most recently seen first */
  list: '/data/admin/errors',
  /** GET → ErrorGroupDetail */
  group: (fingerprint: string) => `/data/admin/errors/${fingerprint}`,
  /** POST → ErrorGroupDetail (resolved) */
  resolve: (fingerprint: string) => `/data/admin/errors/${fingerprint}/resolve`,
} as const;
