/** How a figure moved against the period before, as a headline shows it. */
export type StatsChange = { kind: 'same' } | { kind: 'new' } | { kind: 'up' | 'down'; percent: number };

/**
 * The change from `before` to `now`: up or down by a whole percent of `before` (at least 1, so a
 * small move never reads as no change), "new" when there was nothing before.
 */
export function changeOf(now: number, before: number): StatsChange {
  if (now === before) return { kind: 'same' };
  if (before === 0) return { kind: 'new' };
  const percent = Math.max(1, Math.round((Math.abs(now - before) / before) * 100));
  return { kind: now > before ? 'up' : 'down', percent };
}

/** The change in words: "↑ 12%", "↓ 40%", "new", "no change". */
export function changeText(change: StatsChange): string {
  if (change.kind === 'same') return 'no change';
  if (change.kind === 'new') return 'new';
  return `${change.kind === 'up' ? '↑' : '↓'} ${change.percent.toLocaleString()}%`;
}

/** A count's share of another as a percentage to one decimal, never above 100 (nothing of nothing is 0). */
export function shareOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}
