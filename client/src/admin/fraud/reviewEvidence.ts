import type { ReviewEvidence } from '@shared/admin/earnings-review.js';
import type { ReviewVoids } from '@shared/admin/fraud.js';
import { VOID_REASON_LABELS } from '@shared/earnings/earnings.js';

/** How many hasty answers a summary lists before "and N more". */
const LATENCIES_SHOWN = 4;

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

const others = (n: number) => plural(n, 'other account');

/** The review's voids by category in one line: "12 views: Several accounts earning from one device (8), …". */
export function reviewVoidsText(voids: ReviewVoids): string {
  if (voids.views === 0) return 'None';
  const byCategory = voids.byCategory.map(({ category, views }) => `${VOID_REASON_LABELS[category]} (${views.toLocaleString()})`);
  return `${plural(voids.views, 'view')}: ${byCategory.join(', ')}`;
}

/** What the review saw, in one sentence an admin reads at a glance; the other accounts are linked beside it. */
export function evidenceText(evidence: ReviewEvidence): string {
  switch (evidence.category) {
    case 'stopped':
      return `Earning stopped at surf score ${evidence.riskScore}${evidence.signals.length ? `; latest signals: ${evidence.signals.join(', ')}` : ''}.`;
    case 'wrong_answers': {
      const answers = evidence.recentAnswers.map((right) => (right ? 'right' : 'wrong'));
      return `${evidence.wrongCodes} wrong or skipped of the last ${plural(answers.length, 'answer')} (oldest first: ${answers.join(', ')}).`;
    }
    case 'inhuman_latency': {
      const shown = evidence.views
        .slice(0, LATENCIES_SHOWN)
        .map((view) => (view.latencyMs === null ? 'picture never loaded' : `${view.latencyMs} ms after the picture`));
      const more = evidence.views.length - shown.length;
      return `${plural(evidence.views.length, 'challenge')} answered too fast: ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`;
    }
    case 'shared_device':
      return `One device with ${others(evidence.accounts.length)} in the last day.`;
    case 'shared_address':
      return `Address ${evidence.address}, used by ${others(evidence.accounts.length)} in the last day.`;
    case 'fresh_account_burst': {
      const minutes = Math.round((Date.parse(evidence.lastCreatedAt) - Date.parse(evidence.firstCreatedAt)) / 60_000);
      const from = evidence.by === 'address' ? `address ${evidence.address}` : 'one device';
      return `Created with ${others(evidence.accounts.length)} within ${plural(minutes, 'minute')}, from ${from}.`;
    }
    case 'timing_signature':
      return `Click delay ${evidence.medianMs} ms (spread ${evidence.spreadMs} ms over ${plural(evidence.views, 'view')}), like ${others(evidence.others.length)}: ${evidence.others.map((other) => `${other.medianMs} ms ± ${other.spreadMs}`).join(', ')}.`;
  }
}

/** The other accounts the evidence names, to link to. */
export function evidenceAccounts(evidence: ReviewEvidence): number[] {
  switch (evidence.category) {
    case 'shared_device':
    case 'shared_address':
    case 'fresh_account_burst':
      return evidence.accounts;
    case 'timing_signature':
      return evidence.others.map((other) => other.userId);
    default:
      return [];
  }
}
