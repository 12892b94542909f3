import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api/error-codes.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { dataCallRoutes, type RegisteredRoute } from '../support/route-table.js';
import { actAs, addTeamMember, createTeam, inviteToTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

/**
 * Every route a signed-in member may call refuses a forged or stale `X-Current-Team` with 403
 * `team_forbidden` before its handler runs: the check lives in the session guard, so a route
 * added later is covered without a test of its own, and this file proves none slipped past.
 */
const testApp = useTestApp({ rateLimitFactor: 10_000 });
const { db } = testApp;

let routes: RegisteredRoute[];

beforeAll(() => {
  const fastify = testApp.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  routes = dataCallRoutes(fastify).filter((route) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method));
});

const pathOf = (route: RegisteredRoute) => route.url.replace(/:[^/]+/g, '1');
const callAs = (browser: TestBrowser, route: RegisteredRoute) =>
  browser.call(pathOf(route), {
    method: route.method,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }),
  });

/** Rows a refused call could have written, and the member's own row. */
async function fingerprint(who: TestMember): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM teams) AS teams, (SELECT count(*) FROM team_members) AS team_members,
            (SELECT count(*) FROM team_audit) AS audit, (SELECT count(*) FROM credit_ledger) AS ledger,
            (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM groups) AS groups,
            (SELECT count(*) FROM notifications) AS notifications, (SELECT count(*) FROM sessions WHERE revoked_at IS NULL) AS sessions,
            (SELECT row_to_json(u) FROM (SELECT username, first_name, email, credits, image, email_preferences FROM users WHERE id = $1) u) AS member`,
    [who.id],
  );
  return rows[0];
}

/** Every member route, called by `who` with the header naming `teamId`: each refused with team_forbidden, nothing changed. */
async function expectEveryMemberRouteRefuses(who: TestMember, teamId: number): Promise<void> {
  const visitor = new TestBrowser(testApp.baseUrl);
  const before = await fingerprint(who);
  actAs(who, teamId);
  const checked: string[] = [];
  const slipped: string[] = [];
  for (const route of routes) {
    // A route a visitor may call (or that refuses before asking who calls) has no member to check.
    if ((await callAs(visitor, route)).status !== 401) continue;
    const answer = await callAs(who.browser, route);
    checked.push(`${route.method} ${route.url}`);
    // Administrators' routes refuse a member before anything else (403 forbidden): nothing runs either.
    const refusal = route.url.startsWith('/data/admin/') ? ErrorCode.Forbidden : ErrorCode.TeamForbidden;
    if (answer.status !== 403 || answer.body.errors[0]?.code !== refusal) {
      slipped.push(`${route.method} ${route.url} → ${answer.status} ${answer.body.errors.map((error) => error.code).join(',')}`);
    }
  }
  actAs(who, null);
  expect(slipped).toEqual([]);
  expect(checked.length).toBeGreaterThan(40);
  expect(checked).toEqual(
    expect.arrayContaining(['POST /data/teams', 'POST /data/teams/:id/credits/deposit', 'PUT /data/settings/profile']),
  );
  expect(await fingerprint(who)).toEqual(before);
}

describe('a forged or stale X-Current-Team on every member route', () => {
  it('a team the member never belonged to', async () => {
    const [owner, stranger] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const team = await createTeam(owner);
    await expectEveryMemberRouteRefuses(stranger, team.id);
  });

  it('a team the member is only invited to', async () => {
    const [owner, invitee] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const team = await createTeam(owner);
    await inviteToTeam(db, owner, team.id, invitee);
    await expectEveryMemberRouteRefuses(invitee, team.id);
  });

  it('a team the member was removed from', async () => {
    const [owner, removed] = await Promise.all([signUp(testApp.baseUrl), signUp(testApp.baseUrl)]);
    const team = await createTeam(owner);
    await addTeamMember(db, owner, team.id, removed);
    await owner.browser.delete(`/data/teams/${team.id}/members/${removed.id}`);
    await expectEveryMemberRouteRefuses(removed, team.id);
  });
});
