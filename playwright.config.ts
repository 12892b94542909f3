import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium headless shell against the built app. Each worker
 * starts its own server process on its own database (test/e2e/fixtures.ts), so workers never
 * share state.
 * Run through `npm test`, which builds the app and provides DATABASE_URL.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 3,
  // Three workers on two cores, each driving Chromium and a server (a test mostly waits for the
  // page or the server to answer): the longest tests (axe on many screens) take 45–65 s when the
  // machine is busy, so a minute failed them at random.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // One more try for a test that failed: on two busy cores a test now and then misses a 10 s wait
  // it makes in 2 s alone. The report names such a test flaky; one that fails twice fails the run.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Recorded on the retry of a failed test only: a trace on every run (screenshots and snapshots
    // of each step) took a sixth of the browser's time on two cores.
    trace: 'on-first-retry',
  },
});
