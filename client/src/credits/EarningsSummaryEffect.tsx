import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { liveDataAtom } from '../realtime/liveDataAtom.js';
import { earningsSummaryAtom } from './earningsSummaryAtom.js';
import { withBalance } from './earningsSummary.js';
import { clearEarningsSummary, loadEarningsSummary } from './loadEarningsSummary.js';

/** Balance changes that come together (a claim's answer and the push of the same credit) make one read. */
const BALANCE_SETTLE_MS = 300;
/**
 * At most one read for balance changes in this long: a surfer's balance changes with every view,
 * and the total, the pending share and today's earnings follow locally in between (withBalance,
 * withSurfToday), so the server is asked to settle them now and then, not once a view.
 */
const BALANCE_READ_GAP_MS = 20_000;
/** The longest wait for the next credits to leave review before reading again anyway (timers overflow past ~24.8 days). */
const LONGEST_MATURE_WAIT_MS = 6 * 3_600_000;
/** A second late, so the server's clock has passed the moment too. */
const AFTER_MATURE_MS = 1000;

/**
 * Keeps the member's earnings summary current while they are signed in (mounted once per member
 * by the page frame; renders nothing): read on load, after their balance changes (a claim's
 * answer, a live push, a move of credits: the total follows at once, the split once the server
 * answers; at most one read in BALANCE_READ_GAP_MS), when the next pending credits leave review,
 * and when the window regains focus.
 */
export function EarningsSummaryEffect() {
  const { cc, clockOffsetMs } = useAtomValue(liveDataAtom);
  const summary = useAtomValue(earningsSummaryAtom);
  const setSummary = useSetAtom(earningsSummaryAtom);
  const nextMatureMs = summary?.nextMatureMs ?? null;
  const lastBalance = useRef(cc);
  const lastBalanceRead = useRef(0);

  useEffect(() => {
    void loadEarningsSummary();
    const onFocus = () => void loadEarningsSummary();
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      clearEarningsSummary();
    };
  }, []);

  useEffect(() => {
    if (cc === null || cc === lastBalance.current) return;
    lastBalance.current = cc;
    setSummary((current) => (current ? withBalance(current, cc) : current));
    const wait = Math.max(BALANCE_SETTLE_MS, lastBalanceRead.current + BALANCE_READ_GAP_MS - Date.now());
    const timer = window.setTimeout(() => {
      lastBalanceRead.current = Date.now();
      void loadEarningsSummary();
    }, wait);
    return () => window.clearTimeout(timer);
  }, [cc, setSummary]);

  useEffect(() => {
    if (nextMatureMs === null) return;
    const wait = nextMatureMs - (Date.now() + clockOffsetMs) + AFTER_MATURE_MS;
    const timer = window.setTimeout(() => void loadEarningsSummary(), Math.min(Math.max(0, wait), LONGEST_MATURE_WAIT_MS));
    return () => window.clearTimeout(timer);
  }, [nextMatureMs, clockOffsetMs]);

  return null;
}
