import { CREDITS_ENDPOINTS } from '@shared/credits/credits.js';
import type { EarningsSummary } from '@shared/earnings/earnings.js';
import { api } from '../api/api.js';
import { userAtom } from '../sessions/userAtom.js';
import { appStore } from '../state/store.js';
import { earningsSummaryAtom } from './earningsSummaryAtom.js';
import { earningsSummaryFailedAtom } from './earningsSummaryFailedAtom.js';

let loading: Promise<void> | null = null;
let askedAgain = false;

/**
 * Reads the member's earnings summary into its atoms. One read at a time: asking while one is
 * under way reads once more after it, so the last answer is never older than the last ask. An
 * answer for a member who is no longer the signed-in one is dropped.
 */
export function loadEarningsSummary(): Promise<void> {
  if (loading) {
    askedAgain = true;
    return loading;
  }
  loading = (async () => {
    do {
      askedAgain = false;
      await readOnce();
    } while (askedAgain);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/** Forgets the summary (sign-out, another account). */
export function clearEarningsSummary(): void {
  appStore.set(earningsSummaryAtom, null);
  appStore.set(earningsSummaryFailedAtom, false);
}

async function readOnce(): Promise<void> {
  const userId = appStore.get(userAtom)?.id;
  if (userId === undefined) return;
  const result = await api.request<EarningsSummary>({ path: CREDITS_ENDPOINTS.earnings });
  if (appStore.get(userAtom)?.id !== userId) return;
  const ok = result.status >= 200 && result.status < 300 && result.data !== null;
  if (ok) appStore.set(earningsSummaryAtom, result.data);
  appStore.set(earningsSummaryFailedAtom, !ok);
}
