import type { AppConfig } from '../../server/src/config/app-config.js';
import { confirmEmailsAtSignUp } from './accounts.js';
import { expectLedgerBalanced, pauseEveryCampaign, surfServerErrors } from './surf-fixtures.js';
import { useTestApp, type TestAppInUse } from './use-test-app.js';

type SurfTestAppOverrides = Partial<Omit<AppConfig, 'surf'>> & { surf?: Partial<AppConfig['surf']> };

/**
 * `useTestApp` for the campaign and surf test files: a 0 s countdown, a daily earning cap of
 * 500 views (a new account's too), earnings in review for a day and no verification challenges unless `overrides` sets the surf settings under test
 * (the countdown, the cap and the challenges have files of their own: with challenges on, every
 * fresh member's first view asks for a code). After every test, on top of the common checks: the ledger balanced, no
 * server error over the socket, and every campaign paused so the next test's viewers see only
 * the posts it creates. Members signed up confirm their email, as surfing requires.
 */
export function useSurfTestApp(overrides: SurfTestAppOverrides = {}): TestAppInUse {
  const surf = {
    timerSeconds: 0,
    dailyEarningCap: 500,
    challenges: false,
    earningsReviewMinutes: 1440,
    newcomerDailyCap: 500,
    ...overrides.surf,
  };
  const testApp = useTestApp(
    { ...overrides, surf },
    {
      afterEach: async ({ db }) => {
        await expectLedgerBalanced(db);
        expect(surfServerErrors.splice(0)).toEqual([]);
        await pauseEveryCampaign(db);
      },
    },
  );
  // Surfing earns only from a confirmed email on: the members of these files confirm theirs.
  beforeAll(() => confirmEmailsAtSignUp(testApp.baseUrl, testApp.db));
  return testApp;
}
