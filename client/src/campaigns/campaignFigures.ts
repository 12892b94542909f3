/** "12.5 %" of views paid that clicked the link; "—" before the first view. */
export function clickRateText(rate: number | null): string {
  return rate === null ? '—' : rate.toLocaleString(undefined, { style: 'percent', maximumFractionDigits: 1 });
}

/** "in 8 days" at the recent daily spend; "—" when the campaign is not spending. */
export function runsOutText(days: number | null): string {
  if (days === null) return '—';
  return days === 1 ? 'in 1 day' : `in ${days.toLocaleString()} days`;
}
