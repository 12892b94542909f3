// The JavaScript budgets of the public pages, gzipped: `npm test` fails a build over any of them
// (test/integration/client-js-budgets.integration-spec.ts) and `npm run bench` reports them.
// docs/performance.md says how they are measured and where each page stands.

/** 1 KB = 1024 bytes. */
export const KB = 1024;

/** The entry script and its preloaded chunks: what every page fetches before anything shows. */
export const INITIAL_JS_BUDGET = 110 * KB;

/** Each public page: the initial JavaScript plus its screen's chunk and what that imports. */
export const PAGE_JS_BUDGETS = [
  { path: '/', screen: 'LandingPage', maxBytes: 115 * KB },
  { path: '/login', screen: 'LoginPage', maxBytes: 140 * KB },
  { path: '/signup', screen: 'SignupPage', maxBytes: 140 * KB },
  { path: '/post/:pid', screen: 'PostPage', maxBytes: 125 * KB },
];
