import { BILLING_ENDPOINTS } from '../../shared/billing/billing.js';
import { SIGNUP_BONUS_CREDITS } from '../../shared/credits/credits.js';
import { signUp } from '../support/accounts.js';
import { checkout, rawGet, seededPack, withQuery } from '../support/billing-fixtures.js';
import { connectSocket } from '../support/socket-client.js';
import { expectLedgerBalanced } from '../support/surf-fixtures.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp({}, { afterEach: ({ db }) => expectLedgerBalanced(db) });
const { db } = testApp;

describe('a settled order, live', () => {
  it("reaches every tab of the buyer with the order and the new balance, and no other member's", async () => {
    const [buyer, other] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const [tab1, tab2, otherTab] = await Promise.all([
      connectSocket(testApp.baseUrl, buyer.browser),
      connectSocket(testApp.baseUrl, buyer.browser),
      connectSocket(testApp.baseUrl, other.browser),
    ]);
    const pack = await seededPack(db);
    const { order, checkout: form } = await checkout(buyer, 'pack', pack.id);

    // The test page's Approve: its background notification settles the order before the customer is back.
    const decided = await rawGet(
      testApp.baseUrl,
      withQuery(BILLING_ENDPOINTS.localDecision, { ...form.fields, decision: 'approve' }),
      buyer.browser,
    );
    expect(decided.status).toBe(303);

    for (const tab of [tab1, tab2]) {
      const [settled] = await tab.next('billing:order');
      expect(settled).toMatchObject({ id: order.id, state: 'paid', credits: pack.credits });
      const [live] = await tab.next('live:data', undefined, (data) => data.cc === SIGNUP_BONUS_CREDITS + pack.credits);
      expect(live.cc).toBe(SIGNUP_BONUS_CREDITS + pack.credits);
    }
    // The customer's return arrives after: it changes nothing and pushes nothing more.
    expect((await rawGet(testApp.baseUrl, decided.headers.get('location')!)).status).toBe(303);
    await tab1.expectNo('billing:order');
    await otherTab.expectNo('billing:order');
  });
});
