import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { StatsPeriod } from '@shared/stats/stats.js';
import { useApiData, type ApiData } from '../api/useApiData.js';
import { statsChangesAtom } from './statsAtoms.js';

/** While the page is visible, stats are read again this often (new views arrive all the time). */
export const STATS_POLL_MS = 60_000;

/** The browser's own time zone, so the days end at the member's midnight. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function statsQuery(days: StatsPeriod): string {
  return new URLSearchParams({ days: String(days), tz: browserTimeZone() }).toString();
}

/**
 * A stats call's answer, read again when the member's campaign figures change live (a view was
 * paid) and every minute while the tab is visible; the last answer stays on screen meanwhile.
 */
export function useStats<T>(path: string | null): ApiData<T> {
  const loaded = useApiData<T>(path);
  const changes = useAtomValue(statsChangesAtom);
  const { reload } = loaded;

  useEffect(() => {
    if (changes > 0) reload();
  }, [changes, reload]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, STATS_POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);

  return loaded;
}
