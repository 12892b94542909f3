import type { AdminAuditEntry, AdminAuditTargetType } from '@shared/admin/audit.js';

/** What each kind of audited target is called. */
export const AUDIT_TARGET_KINDS: Record<AdminAuditTargetType, string> = {
  user: 'Member',
  order: 'Order',
  contact_message: 'Contact message',
  site_page: 'Page',
  error_group: 'Error',
  ledger: 'Credit ledger',
  announcement: 'Announcement',
  site_settings: 'Site settings',
  credit_pack: 'Credit pack',
  membership_level: 'Membership level',
  post: 'Post',
  comment: 'Comment',
};

/** Fields whose plain words would mislead or read badly, by their key (the last part of a nested key). */
const FIELD_LABELS: Record<string, string> = {
  dailyEarningCap: 'Daily cap',
  timerSeconds: 'Countdown (seconds)',
  challengeAt: 'Challenge score',
  blockAt: 'Stop score',
  wrongCodesToStop: 'Wrong answers that stop earning',
  earningsReviewMinutes: 'Review window (minutes)',
  newcomerDailyCap: 'Newcomer daily cap',
  priceMinor: 'Price (cents)',
  amountMinor: 'Amount (cents)',
  cookieLaw: 'Cookie-law countries',
  revocable: 'Revocable-consent countries',
  explicitAction: 'Explicit-consent countries',
  riskScore: 'Risk score',
  memberCredits: 'Member’s credits',
};

/** Fields where an empty value means the server's own default, not nothing. */
const NULL_MEANS_DEFAULT = new Set(['timerSeconds', 'dailyEarningCap', 'earningsReviewMinutes', 'newcomerDailyCap']);

const LONGEST_VALUE = 80;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "dailyEarningCap" or "daily_earning_cap" → "Daily earning cap". */
function words(key: string): string {
  const spaced = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const labelOf = (path: string[]) =>
  path.map((key, index) => (index === path.length - 1 ? (FIELD_LABELS[key] ?? words(key)) : words(key))).join(' · ');

/** A stored value as a reader wants it: numbers with separators, yes/no, lists, dates, long text cut. */
export function auditValue(value: unknown, key = '', formatInstant: (iso: string) => string = (iso) => iso): string {
  if (value === null || value === undefined) return NULL_MEANS_DEFAULT.has(key) ? 'default' : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString();
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((item) => auditValue(item, '', formatInstant)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (ISO_INSTANT.test(text)) return formatInstant(text);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LONGEST_VALUE ? `${line.slice(0, LONGEST_VALUE - 1)}…` : line;
}

/** Nested objects as one level of paths: { surf: { dailyEarningCap: 1 } } → [['surf', 'dailyEarningCap'], 1]. */
function leaves(values: Record<string, unknown>, path: string[] = []): [string[], unknown][] {
  return Object.entries(values).flatMap(([key, value]): [string[], unknown][] =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Record<string, unknown>, [...path, key])
      : [[[...path, key], value]],
  );
}

export interface AuditChange {
  field: string;
  /** Absent for a value that was created (no before). */
  before?: string;
  /** Absent for a value that was removed (no after). */
  after?: string;
}

/**
 * What an audited action changed, one field a line: each field whose value differs before and
 * after, in words ("Daily cap", "100" → "200"); a creation lists what was set, a deletion what there was.
 */
export function auditChanges(
  entry: Pick<AdminAuditEntry, 'before' | 'after'>,
  formatInstant?: (iso: string) => string,
): AuditChange[] {
  const before = new Map(leaves(entry.before ?? {}).map(([path, value]) => [path.join('.'), { path, value }]));
  const after = new Map(leaves(entry.after ?? {}).map(([path, value]) => [path.join('.'), { path, value }]));
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const was = before.get(key);
    const now = after.get(key);
    if (was && now && JSON.stringify(was.value) === JSON.stringify(now.value)) continue;
    const path = (now ?? was)!.path;
    const leaf = path[path.length - 1]!;
    changes.push({
      field: labelOf(path),
      ...(entry.before ? { before: auditValue(was?.value, leaf, formatInstant) } : {}),
      ...(entry.after ? { after: auditValue(now?.value, leaf, formatInstant) } : {}),
    });
  }
  return changes;
}

/** A target as the log names it: its kind, and its name where it has one ("Credit pack “Big pack”"). */
export function auditTargetText(entry: Pick<AdminAuditEntry, 'targetType' | 'targetId' | 'targetName'>): string {
  const kind = AUDIT_TARGET_KINDS[entry.targetType] ?? words(entry.targetType);
  if (entry.targetType === 'site_settings' || entry.targetType === 'ledger') return kind;
  if (entry.targetName) return `${kind} “${auditValue(entry.targetName)}”`;
  return `${kind} ${entry.targetId}`;
}
