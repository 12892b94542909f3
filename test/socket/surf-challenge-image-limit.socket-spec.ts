import { CHALLENGE_AT } from '../../server/src/surf/risk-thresholds.js';
import { signUp } from '../support/accounts.js';
import { nextTicket, promotedPost, surfer } from '../support/surf-fixtures.js';
import { useSurfTestApp } from '../support/surf-test-app.js';
import { fetchRaw } from '../support/test-app.js';

/** The per-address limit of challenge pictures, at its real size (no test factor). */
const testApp = useSurfTestApp({ rateLimitFactor: 1, surf: { challenges: true } });
const { db } = testApp;

it('a script collecting pictures of one challenge is stopped with 429 after 60 in a minute', async () => {
  await promotedPost(await signUp(testApp.baseUrl), 2);
  const bob = await surfer(testApp.baseUrl);
  await db.query(`UPDATE users SET risk_score = $2 WHERE id = $1`, [bob.id, CHALLENGE_AT + 20]);
  const { answer } = await nextTicket(bob.browser, bob.tab);
  const cookie = [...bob.browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) {
    const response = await fetchRaw(testApp.baseUrl, `${answer.data.challengeImage}?v=${i}`, {
      headers: { cookie, 'x-forwarded-for': '203.0.113.77' },
    });
    statuses.push(response.status);
    // Every body is read: an unread one holds its connection open until the app closes.
    if (i < 60) await response.arrayBuffer();
    else {
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0].message).toMatch(/try again in \d+ (second|minute)/);
    }
  }
  expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
  expect(statuses[60]).toBe(429);
});
