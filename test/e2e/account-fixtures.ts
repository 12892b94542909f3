import { appFixture, expect, test as base, type AppUnderTest } from './fixtures.js';

/** The account tests get a database of their own name, so a failed run is easy to find. */
export const test = base.extend<object, { app: AppUnderTest }>({ app: appFixture({}, 'e2eacc') });

export { expect };
