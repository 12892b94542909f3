import { createHash } from 'node:crypto';

/** An error reduced to what identifies it: the same bug gives the same fingerprint whatever ids or counts it mentions. */
export interface ErrorIdentity {
  fingerprint: string;
  /** The message with ids and numbers replaced by `#`. */
  message: string;
}

const MESSAGE_MAX = 500;

/** Ids, hex runs and numbers vary between occurrences of one bug; quoted values often do too. */
export function normaliseMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '#')
    .replace(/\b0x[0-9a-f]+\b/gi, '#')
    .replace(/\b[0-9a-f]*\d[0-9a-f]*\b/gi, '#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_MAX);
}

/** The first frame of a V8 (`    at f (file:1:2)`) or Firefox/Safari (`f@file:1:2`) stack, line and column dropped (bundles shift them). */
export function topFrame(stack: string): string {
  const frame = stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') || /@\S/.test(line));
  return frame ? frame.replace(/:\d+(:\d+)?\)?$/, '').replace(/\?[^\s)]*/, '') : '';
}

/** A stack's first line is its message (`Error: boom`). */
export function identify(type: string, stack: string): ErrorIdentity {
  const firstLine = stack.split('\n', 1)[0] ?? '';
  const message = normaliseMessage(firstLine) || '(no message)';
  const fingerprint = createHash('sha256')
    .update(`${type}\n${message}\n${topFrame(stack)}`)
    .digest('hex')
    .slice(0, 16);
  return { fingerprint, message };
}

/** A user agent summarised to its browser family, so the group keeps a handful of counters. */
export function browserOf(userAgent: string): string {
  if (!userAgent) return 'Unknown';
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|Chromium\//.test(userAgent)) return /Mobile/.test(userAgent) ? 'Chrome mobile' : 'Chrome';
  if (/Safari\//.test(userAgent)) return /Mobile/.test(userAgent) ? 'Safari mobile' : 'Safari';
  if (/bot|crawl|spider/i.test(userAgent)) return 'Bot';
  return 'Other';
}
