import { ErrorCode } from '../../shared/api/error-codes.js';
import { CONSENT_COOKIE } from '../../shared/consent/consent.js';
import { TRACKING_ENDPOINTS, VISITOR_COOKIE, type FeedActivity, type FeedActivityName } from '../../shared/tracking/tracking.js';
import { TrackingWriter } from '../../server/src/tracking/tracking-writer.js';
import { VIEWER_COOKIE } from '../../server/src/tracking/viewer-ids.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { captureErrorLog } from '../support/error-log.js';
import { block } from '../support/people-fixtures.js';
import { makeGroup, postBy, setMembership } from '../support/social-fixtures.js';
import { actAs, addTeamMember, createTeam } from '../support/team-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';
import { trackingId, visitRecord } from '../support/tracking-fixtures.js';

/**
 * A view, click, play or profile view counts once a day per viewer the server can vouch for:
 * the signed-in member, else the visitor id the server signed and gave the browser (only with
 * cookie consent), else the address's salted hash. Each test runs one way of inflating the owner's
 * Detailed Stats and shows it adds nothing. Visitors come from addresses of their own in Great
 * Britain (a cookie-law country), so consent decides whether they may hold a viewer cookie; the
 * limits are the production ones.
 */
const errorLog = captureErrorLog();
const testApp = useTestApp(
  { trustProxy: ['127.0.0.1'], rateLimitFactor: 1, tracking: { bufferMax: 50_000, flushMs: 60_000, retentionDays: 90 } },
  { afterEach: async () => expect(errorLog.lines.splice(0)).toEqual([]) },
);
let owner: TestMember;

beforeAll(async () => {
  owner = await signUp(testApp.baseUrl);
});

afterAll(() => errorLog.stop());

let addresses = 0;
const newAddress = () => `81.2.69.${10 + ++addresses}`;

/** A browser from an address of its own, with the cookies it arrives with (a consent answer, a visitor id…). */
function visitor(cookies: Record<string, string> = {}, address = newAddress()): TestBrowser {
  return TestBrowser.withCookies(testApp.baseUrl, cookies, { 'x-forwarded-for': address });
}

const allowed = { [CONSENT_COOKIE]: 'allow' };

function postView(obj: number, visit = trackingId(), page = trackingId()): FeedActivity<'post_view'> {
  return { obj, notes: { source: 'website', place: 'feed', seen: 10, time: 2000, visit, page } };
}

async function activity(browser: TestBrowser, name: FeedActivityName, payload: unknown, headers: Record<string, string> = {}) {
  return browser.call(`${TRACKING_ENDPOINTS.feedActivity}/${name}`, { method: 'POST', json: payload, headers });
}

async function send(browser: TestBrowser, name: FeedActivityName, payload: unknown, headers: Record<string, string> = {}) {
  const { status, body } = await activity(browser, name, payload, headers);
  expect({ status, errors: body.errors }).toEqual({ status: 200, errors: [] });
}

/** A page load as the tracker makes it: the page view's record, with new visit, visitor and page ids. */
async function loadPage(browser: TestBrowser) {
  const record = visitRecord();
  const answer = await browser.post(TRACKING_ENDPOINTS.record, record);
  expect(answer.status).toBe(200);
  return { record, setCookies: answer.headers.getSetCookie() };
}

async function flush(): Promise<void> {
  await testApp.app.get(TrackingWriter).flush();
}

async function countsOf(pid: number) {
  const { rows } = await testApp.db.query(
    `SELECT coalesce(sum(seen), 0)::int AS seen, coalesce(sum(viewed), 0)::int AS viewed,
       coalesce(sum(link_clicks), 0)::int AS "linkClicks", coalesce(sum(video_plays), 0)::int AS "videoPlays",
       coalesce(sum(image_views), 0)::int AS "imageViews", coalesce(sum(profile_views), 0)::int AS "profileViews"
     FROM post_stats_hourly WHERE post_id = $1`,
    [pid],
  );
  return rows[0];
}

async function rawEvents(pid: number): Promise<number> {
  const { rows } = await testApp.db.query(`SELECT count(*)::int AS n FROM feed_events WHERE post_id = $1`, [pid]);
  return rows[0].n;
}

describe('a visit id the browser names', () => {
  it('groups events but never makes a new count: a new notes.visit on every call counts once', async () => {
    const pid = await postBy(owner.browser);
    const browser = visitor();
    for (let i = 0; i < 10; i++) await send(browser, 'post_view', postView(pid));
    for (let i = 0; i < 3; i++) {
      const visit = trackingId();
      await send(browser, 'post_link_click', {
        obj: pid,
        notes: { source: 'website', url: 'https://a.example/', post: pid, visit },
      });
      await send(browser, 'playVideo', { obj: pid, notes: { source: 'website', visit } });
      await send(browser, 'viewImage', { obj: pid, notes: { source: 'website', index: 0, visit } });
    }
    await flush();
    expect(await countsOf(pid)).toEqual({ seen: 1, viewed: 1, linkClicks: 1, videoPlays: 1, imageViews: 1, profileViews: 0 });
    // Every call is still stored as it came.
    expect(await rawEvents(pid)).toBe(19);
  });

  it("does not split a member either, whatever address the member's calls come from", async () => {
    const pid = await postBy(owner.browser);
    const member = await signUp(testApp.baseUrl);
    for (let i = 0; i < 5; i++) await send(member.browser, 'post_view', postView(pid), { 'x-forwarded-for': newAddress() });
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 1 });
  });
});

describe('the viewer cookie', () => {
  it('is given signed and httpOnly with consent, and tells two visitors of one address apart across reloads', async () => {
    const pid = await postBy(owner.browser);
    const address = newAddress();
    const browsers = [visitor(allowed, address), visitor(allowed, address)];
    for (let reload = 0; reload < 3; reload++) {
      for (const browser of browsers) {
        const { record, setCookies } = await loadPage(browser);
        if (reload === 0) expect(setCookies).toEqual([expect.stringMatching(new RegExp(`^${VIEWER_COOKIE}=.+; .*HttpOnly`))]);
        else expect(setCookies).toEqual([]);
        await send(browser, 'post_view', postView(pid, record.visitID, record.pageID));
      }
    }
    expect(browsers[0].cookies.get(VIEWER_COOKIE)).not.toBe(browsers[1].cookies.get(VIEWER_COOKIE));
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 2 });
  });

  it('counts as nothing when the server did not sign it: new visitor ids and forged viewer ids on every call count once', async () => {
    const pid = await postBy(owner.browser);
    const address = newAddress();
    const viewFrom = (cookies: Record<string, string>) =>
      send(visitor({ ...allowed, [VISITOR_COOKIE]: trackingId(), ...cookies }, address), 'post_view', {
        obj: pid,
        notes: { source: 'website', seen: 10, time: 2000 },
      });
    const forgeries: Record<string, string>[] = [
      {},
      { [VIEWER_COOKIE]: trackingId() },
      { [VIEWER_COOKIE]: `${trackingId()}.${trackingId()}` },
    ];
    for (const forged of forgeries) {
      for (let i = 0; i < 2; i++) await viewFrom(forged);
    }
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 1 });

    // A signature made for another id, none, or one altered.
    const signed = visitor(allowed, address);
    await loadPage(signed);
    const [id, signature] = signed.cookies.get(VIEWER_COOKIE)!.split('.');
    for (const forged of [`${trackingId()}.${signature}`, `${id}.`, `${id}.${signature.slice(1)}A`]) {
      await viewFrom({ [VIEWER_COOKIE]: forged });
    }
    await flush();
    // Still the address alone; the browser the server signed for has not viewed yet.
    expect(await countsOf(pid)).toMatchObject({ viewed: 1 });
    await send(signed, 'post_view', postView(pid));
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 2 });
  });

  it('is not given without consent: a visitor who reloads without answering, or after denying, counts once', async () => {
    const pid = await postBy(owner.browser);
    const unanswered = visitor();
    const denied = visitor({ [CONSENT_COOKIE]: 'deny' });
    for (const browser of [unanswered, denied]) {
      for (let reload = 0; reload < 4; reload++) {
        // Without consent the tracker keeps its ids in memory: every reload is a new visit and visitor.
        const { record, setCookies } = await loadPage(browser);
        expect(setCookies).toEqual([]);
        expect([...browser.cookies.keys()].filter((name) => name !== CONSENT_COOKIE)).toEqual([]);
        await send(browser, 'post_view', postView(pid, record.visitID, record.pageID));
      }
    }
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 2 });
  });

  it('is taken back once consent is denied, and no longer counted meanwhile', async () => {
    const pid = await postBy(owner.browser);
    const address = newAddress();
    const browser = visitor(allowed, address);
    await loadPage(browser);
    expect(browser.cookies.has(VIEWER_COOKIE)).toBe(true);
    await send(visitor({}, address), 'post_view', postView(pid));
    browser.cookies.set(CONSENT_COOKIE, 'deny');
    // Counted as the address, which has viewed already.
    await send(browser, 'post_view', postView(pid));
    await loadPage(browser);
    expect(browser.cookies.has(VIEWER_COOKIE)).toBe(false);
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 1 });
  });

  it('is given to one address only so many times a day: a browser throwing it away gains nothing past that', async () => {
    const pid = await postBy(owner.browser);
    const address = newAddress();
    let given = 0;
    for (let i = 0; i < 25; i++) {
      // A fresh browser each time: no cookie kept from the last page load.
      const browser = visitor(allowed, address);
      const { record } = await loadPage(browser);
      if (browser.cookies.has(VIEWER_COOKIE)) given++;
      await send(browser, 'post_view', postView(pid, record.visitID, record.pageID));
    }
    await flush();
    expect(given).toBe(20);
    // Twenty viewer ids, and the address for the rest.
    expect(await countsOf(pid)).toMatchObject({ viewed: 21 });
  });
});

describe('a post the caller may not see', () => {
  it('is refused as not found, as reading it would be, and nothing is stored', async () => {
    const outsider = await signUp(testApp.baseUrl);
    const insider = await signUp(testApp.baseUrl);
    const group = await makeGroup(testApp.db, owner.id, 'private');
    await setMembership(testApp.db, group.id, insider.id, 'active');
    const privatePid = await postBy(owner.browser, { groupId: group.id, db: testApp.db });
    const publicPid = await postBy(owner.browser);
    await block(testApp.db, outsider.id, owner.id);
    const deletedPid = await postBy(owner.browser);
    await testApp.db.query(`UPDATE posts SET deleted_at = now() WHERE id = $1`, [deletedPid]);

    const refusals: [TestBrowser, FeedActivityName, unknown][] = [
      [visitor(), 'post_view', postView(privatePid)],
      [outsider.browser, 'post_view', postView(privatePid)],
      [
        outsider.browser,
        'post_link_click',
        { obj: publicPid, notes: { source: 'website', url: 'https://a.example/', post: publicPid } },
      ],
      [visitor(), 'playVideo', { obj: deletedPid, notes: { source: 'website' } }],
      [visitor(), 'profile_view', { obj: privatePid, notes: { source: 'website', profile: owner.id } }],
      [visitor(), 'clickSeeMore', { obj: 2_000_000_000, notes: { source: 'website' } }],
    ];
    for (const [browser, name, payload] of refusals) {
      const { status, body } = await activity(browser, name, payload);
      expect(status).toBe(404);
      expect(body.errors[0].code).toBe(ErrorCode.NotFound);
    }
    await send(insider.browser, 'post_view', postView(privatePid));
    await flush();

    expect(await countsOf(privatePid)).toMatchObject({ viewed: 1 });
    expect(await rawEvents(privatePid)).toBe(1);
    expect(await rawEvents(publicPid)).toBe(0);
    expect(await rawEvents(deletedPid)).toBe(0);
  });
});

describe("an owner's own", () => {
  it('views, clicks, plays and profile views are stored but not counted', async () => {
    const pid = await postBy(owner.browser);
    await send(owner.browser, 'post_view', postView(pid));
    await send(owner.browser, 'post_link_click', {
      obj: pid,
      notes: { source: 'website', url: 'https://a.example/', post: pid },
    });
    await send(owner.browser, 'playVideo', { obj: pid, notes: { source: 'website' } });
    await send(owner.browser, 'viewImage', { obj: pid, notes: { source: 'website', index: 0 } });
    await send(owner.browser, 'profile_view', { obj: pid, notes: { source: 'website', profile: owner.id } });
    await send(owner.browser, 'profile_view', { obj: null, notes: { source: 'website', profile: owner.id } });
    await flush();
    expect(await countsOf(pid)).toEqual({ seen: 0, viewed: 0, linkClicks: 0, videoPlays: 0, imageViews: 0, profileViews: 0 });
    expect(await rawEvents(pid)).toBe(5);
    const profiles = await testApp.db.query(`SELECT count(*)::int AS n FROM profile_views_hourly WHERE user_id = $1`, [owner.id]);
    expect(profiles.rows[0].n).toBe(0);

    // Anyone else's count.
    await send(visitor(), 'post_view', postView(pid));
    await send(visitor(), 'profile_view', { obj: pid, notes: { source: 'website', profile: owner.id } });
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 1, profileViews: 1 });
  });

  it("team's post: its members' views are not counted, an outsider's is", async () => {
    const writer = await signUp(testApp.baseUrl);
    const colleague = await signUp(testApp.baseUrl);
    const team = await createTeam(writer);
    await addTeamMember(testApp.db, writer, team.id, colleague, 'analyst');
    actAs(writer, team.id);
    const pid = await postBy(writer.browser);
    actAs(writer, null);
    expect((await testApp.db.query(`SELECT team_id FROM posts WHERE id = $1`, [pid])).rows[0].team_id).toBe(team.id);
    await send(colleague.browser, 'post_view', postView(pid));
    await send(writer.browser, 'post_view', postView(pid));
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 0 });
    await send(visitor(), 'post_view', postView(pid));
    await flush();
    expect(await countsOf(pid)).toMatchObject({ viewed: 1 });
  });
});
