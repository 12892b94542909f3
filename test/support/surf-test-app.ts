import type { AppConfig } from '../../server/src/config/app-config.js';
import { expectLedgerBalanced, pauseEveryCampaign, surfServerErrors } from './surf-fixtures.js';
import { useTestApp, type TestAppInUse } from './use-test-app.js';

type SurfTestAppOverrides = Partial<Omit<AppConfig, 'surf'>> & { surf?: Partial<AppConfig['surf']> };

/**
 * `useTestApp` for the campaign and surf test files: a 0 s countdown, a daily earning cap of
 * 500 views and no verification challenges unless `overrides` sets the surf settings under test
 * (the countdown, the cap and the challenges have files of their own: with challenges on, every
 * fresh member's first view asks for a code). After every test, on top of the common checks: the ledger balanced, no
 * server error over the socket, and every campaign paused so the next test's viewers see only
 * the posts it creates.
 */
export function useSurfTestApp(overrides: SurfTestAppOverrides = {}): TestAppInUse {
  const surf = { timerSeconds: 0, dailyEarningCap: 500, challenges: false, ...overrides.surf };
  return useTestApp(
    { ...overrides, surf },
    {
      afterEach: async ({ db }) => {
        await expectLedgerBalanced(db);
        expect(surfServerErrors.splice(0)).toEqual([]);
        await pauseEveryCampaign(db);
      },
    },
  );
}
