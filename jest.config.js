/**
 * Jest runs the TypeScript sources in native ESM (NestJS 12 is ESM-only), transformed by swc
 * with the repository's .swcrc (decorator metadata, the @shared alias). Tiers are projects.
 */
const common = {
  rootDir: '.',
  transform: { '^.+\\.[tj]sx?$': ['@swc/jest', { swcrc: true }] },
  // ESM-only packages that CommonJS dependencies require(): Jest cannot load those natively
  // on Node 20, so swc turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};

export default {
  // Integration tests hash passwords and wait on sockets; 5 s is too tight on 2 busy cores.
  testTimeout: 30_000,
  // Two workers even on two cores (most of a file's time is spent waiting on PostgreSQL, sockets and
  // child processes), and never in band: a worker that grows past the limit is replaced after its
  // file, where one process running every file keeps each file's ESM modules and slows to a crawl.
  // A third worker took the tier from 504 to 430 s here, but the three-node cluster's timing then
  // failed one run in three.
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/support/long-files-first.mjs',
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/server/**/*.spec.ts', '<rootDir>/shared/**/*.spec.ts', '<rootDir>/client/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.integration-spec.ts', '<rootDir>/test/socket/**/*.socket-spec.ts'],
    },
    {
      // nginx in front of three app processes (scripts/ensure-nginx.mjs installs nginx when missing).
      ...common,
      displayName: 'cluster',
      testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'],
    },
  ],
};
