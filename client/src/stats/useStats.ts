import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { StatsCounts, StatsDay } from '@shared/stats/stats.js';
import { useApiData, type ApiData } from '../api/useApiData.js';
import { countedSince, withCounted } from './liveCounts.js';
import { statsChangesAtom, statsCountedAtom } from './statsAtoms.js';
import { dayIn } from './statsSelection.js';

/** While the page is visible, stats are read again this often (new views arrive all the time). */
export const STATS_POLL_MS = 60_000;

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

/**
 * Stats with what the live pushes counted since they were read added to today's figures, for the
 * posts `shows` accepts: the next read has them, so each answer starts from what was pushed
 * before it arrived.
 */
export function useLiveCounted<
  T extends { tz: string; totals: StatsCounts; daily: StatsDay[]; posts?: { pid: number; totals: StatsCounts }[] },
>(stats: T | null, shows: (pid: number) => boolean): T | null {
  const counted = useAtomValue(statsCountedAtom);
  const [base, setBase] = useState({ stats, counted });
  if (base.stats !== stats) setBase({ stats, counted });
  if (!stats) return null;
  const since = base.stats === stats ? base.counted : counted;
  return withCounted(stats, countedSince(counted, since, shows), dayIn(Date.now(), stats.tz));
}
