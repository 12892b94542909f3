import Sequencer from '@jest/test-sequencer';

/**
 * The files that take longest, longest first (as measured on two cores). Jest orders files by the durations of its last run, and without one (a fresh
 * clone, as in CI) by file size: a long file of few lines then starts last and one worker runs
 * it alone while the other idles. Starting these first lets both workers end together.
 */
const LONG_FILES = [
  'test/integration/fuzz.integration-spec.ts',
  'test/cluster/three-nodes.cluster-spec.ts',
  'test/socket/fair-credits.socket-spec.ts',
  'test/socket/connection-recovery.socket-spec.ts',
  'test/socket/surf-outcomes.socket-spec.ts',
  'test/socket/campaign-live.socket-spec.ts',
  'test/integration/campaigns-ledger-verify.integration-spec.ts',
  'test/integration/shared-limits.integration-spec.ts',
  'test/socket/surf-next-in-ack.socket-spec.ts',
  'test/socket/announcements.socket-spec.ts',
  'test/integration/sql-definitions.integration-spec.ts',
  'server/src/surf/challenge-attack.spec.ts',
];

export default class LongFilesFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (test) => {
      const index = LONG_FILES.findIndex((file) => test.path.endsWith(file));
      return index === -1 ? LONG_FILES.length : index;
    };
    // Array.prototype.sort is stable: every other file keeps Jest's own order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
