/** The longest wait the surf bar sleeps through before asking for a post by itself (the browser's timer limit is ~24.8 days). */
export const LONGEST_AUTO_RETRY_MS = 24 * 3_600_000;

/** "in less than a minute", "in 5 min", "in 2 h 5 min", "in 3 h". */
export function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return 'in less than a minute';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}

/**
 * When the next post can come, for people: "at 14:32 (in 2 h 5 min)", or with the day when it is
 * not today ("Tue 14:32 (in 20 h)"). `atMs` and `nowMs` on the same clock; shown in the reader's time zone.
 */
export function nextPostText(atMs: number, nowMs: number, options: { locale?: string; timeZone?: string } = {}): string {
  const wait = Math.max(0, atMs - nowMs);
  const at = new Date(nowMs + wait);
  const sameDay =
    new Intl.DateTimeFormat(options.locale, { dateStyle: 'short', timeZone: options.timeZone }).format(at) ===
    new Intl.DateTimeFormat(options.locale, { dateStyle: 'short', timeZone: options.timeZone }).format(new Date(nowMs));
  const time = new Intl.DateTimeFormat(options.locale, {
    ...(sameDay ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(at);
  return `${sameDay ? 'at ' : ''}${time} (${waitText(wait)})`;
}
