import { ErrorCode } from '../../shared/api/error-codes.js';
import { STATS_ENDPOINTS, type PostStats, type StatsCounts, type StatsOverview } from '../../shared/stats/stats.js';
import { signUp } from '../support/accounts.js';
import { addDays } from '../../shared/stats/stats-range.js';
import { dayIn, hourAgo, seedCountryDay, seedDimensionDay, seedHourly, seedProfileViews } from '../support/stats-fixtures.js';
import { createPost } from '../support/surf-fixtures.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const NONE: StatsCounts = {
  seen: 0,
  viewed: 0,
  credited: 0,
  linkClicks: 0,
  videoPlays: 0,
  imageViews: 0,
  profileViews: 0,
  comments: 0,
  feels: 0,
};

const testApp = useTestApp();
const { db } = testApp;

const member = () => signUp(testApp.baseUrl);
const postStatsPath = (pid: number, query = '') => `${STATS_ENDPOINTS.posts}/${pid}${query}`;

async function postOf(browser: TestBrowser, text = 'A post to count'): Promise<number> {
  return (await createPost(browser, { text })).post.pid;
}

describe('who may read stats', () => {
  it('a visitor is asked to sign in on every stats route', async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    const visitor = new TestBrowser(testApp.baseUrl);
    for (const path of [STATS_ENDPOINTS.overview, postStatsPath(pid)]) {
      const { status, body } = await visitor.get(path);
      expect(status).toBe(401);
      expect(body.errors.map((error) => error.code)).toEqual([ErrorCode.Unauthenticated]);
      expect(body.data).toBeNull();
    }
  });

  it("another member's post answers exactly as a missing one, and never shows in their overview", async () => {
    const alice = await member();
    const bob = await member();
    const pid = await postOf(alice.browser, 'Alice only');
    await seedHourly(db, pid, hourAgo(1), 'feed', { seen: 9, viewed: 4, credited: 2 });

    const own = await alice.browser.get<PostStats>(postStatsPath(pid, '?days=7'));
    expect(own.status).toBe(200);
    expect(own.body.data!.totals).toMatchObject({ seen: 9, viewed: 4, credited: 2 });

    const theirs = await bob.browser.get<PostStats>(postStatsPath(pid, '?days=7'));
    const missing = await bob.browser.get<PostStats>(postStatsPath(2_000_000_000, '?days=7'));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.errors.map((error) => error.code)).toEqual([ErrorCode.NotFound]);

    const overview = await bob.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`);
    expect(overview.status).toBe(200);
    expect(overview.body.data!.posts).toEqual([]);
    expect(overview.body.data!.totals).toEqual(NONE);
  });

  it('a deleted post has no stats any more', async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    await seedHourly(db, pid, hourAgo(1), 'feed', { seen: 1 });
    await db.query(`UPDATE posts SET deleted_at = now() WHERE id = $1`, [pid]);
    expect((await alice.browser.get(postStatsPath(pid))).status).toBe(404);
    const overview = await alice.browser.get<StatsOverview>(STATS_ENDPOINTS.overview);
    expect(overview.body.data!.totals.seen).toBe(0);
  });
});

describe('bad queries', () => {
  it.each([
    ['days=8', 'days'],
    ['days=abc', 'days'],
    ['days=-7', 'days'],
    ['tz=Mars/Olympus_Mons', 'tz'],
    [`tz=${'A'.repeat(65)}`, 'tz'],
    // A zone the browser's zone data still knows and the database's no longer does.
    ['tz=US/Pacific-New', 'tz'],
  ])('%s is refused with a 400 naming the field', async (query, field) => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    for (const path of [`${STATS_ENDPOINTS.overview}?${query}`, postStatsPath(pid, `?${query}`)]) {
      const { status, body } = await alice.browser.get(path);
      expect(status).toBe(400);
      expect(body.errors.length).toBeGreaterThan(0);
      expect(new Set(body.errors.map((error) => `${error.code} ${error.field}`))).toEqual(
        new Set([`${ErrorCode.Validation} ${field}`]),
      );
      expect(body.data).toBeNull();
    }
  });

  it('without a query, the last 30 days in UTC', async () => {
    const alice = await member();
    const { body } = await alice.browser.get<StatsOverview>(STATS_ENDPOINTS.overview);
    expect(body.data).toMatchObject({ days: 30, tz: 'UTC' });
    expect(body.data!.daily).toHaveLength(30);
  });
});

describe('bad ranges', () => {
  const today = () => dayIn(new Date(), 'UTC');
  it.each([
    ['the last day before the first', () => `from=${addDays(today(), -3)}&to=${addDays(today(), -5)}`, 'to'],
    ['more than 366 days', () => `from=${addDays(today(), -366)}&to=${today()}`, 'from'],
    ['a range ending tomorrow', () => `from=${addDays(today(), -3)}&to=${addDays(today(), 1)}`, 'to'],
    ['a date written another way', () => `from=${today().replaceAll('-', '/')}&to=${today()}`, 'from'],
    ['a day not in the calendar', () => `from=2026-02-30&to=${today()}`, 'from'],
    ['a first day without a last', () => `from=${addDays(today(), -3)}`, 'to'],
    ['a last day without a first', () => `to=${today()}`, 'from'],
    ['both a number of days and a range', () => `days=7&from=${addDays(today(), -3)}&to=${today()}`, 'days'],
  ])('%s is refused with a 400 naming the field', async (_, query, field) => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    for (const path of [`${STATS_ENDPOINTS.overview}?${query()}`, postStatsPath(pid, `?${query()}`)]) {
      const { status, body } = await alice.browser.get(path);
      expect(status).toBe(400);
      expect(body.errors.map((error) => `${error.code} ${error.field}`)).toEqual([`${ErrorCode.Validation} ${field}`]);
      expect(body.data).toBeNull();
    }
  });

  it('366 days up to today, and a one-day range, are answered', async () => {
    const alice = await member();
    for (const [from, days] of [
      [addDays(today(), -365), 366],
      [today(), 1],
    ] as const) {
      const { status, body } = await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?from=${from}&to=${today()}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ days, from, to: today() });
      expect(body.data!.daily).toHaveLength(days);
    }
  });
});

describe('a free range of days', () => {
  it('lists the days from its first to its last and counts only what happened in them', async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    const today = dayIn(new Date(), 'UTC');
    const [from, to] = [addDays(today, -10), addDays(today, -3)];
    await seedHourly(db, pid, new Date(`${addDays(today, -5)}T10:00:00Z`), 'feed', { seen: 5, viewed: 3, profileViews: 2 });
    await seedHourly(db, pid, new Date(`${from}T00:00:00Z`), 'surf', { seen: 1, viewed: 1, credited: 1 });
    // The hour after its last day, and the hour before its first: outside the range.
    await seedHourly(db, pid, new Date(`${addDays(today, -2)}T00:00:00Z`), 'feed', { seen: 100 });
    await seedHourly(db, pid, new Date(`${addDays(today, -11)}T23:00:00Z`), 'feed', { seen: 1000 });
    await seedDimensionDay(db, pid, addDays(today, -5), 'language', 'de', { seen: 4, viewed: 2 });
    await seedDimensionDay(db, pid, addDays(today, -2), 'language', 'de', { seen: 40, viewed: 20 });

    for (const path of [postStatsPath(pid, `?from=${from}&to=${to}`), `${STATS_ENDPOINTS.overview}?from=${from}&to=${to}`]) {
      // Twice: the second answer comes from the kept finished days.
      for (const _ of [1, 2]) {
        const { status, body } = await alice.browser.get<PostStats | StatsOverview>(path);
        expect(status).toBe(200);
        const stats = body.data!;
        expect(stats).toMatchObject({ days: 8, from, to, tz: 'UTC' });
        expect(stats.daily.map((entry) => entry.day)).toEqual(Array.from({ length: 8 }, (__, index) => addDays(from, index)));
        expect(stats.totals).toEqual({ ...NONE, seen: 6, viewed: 4, credited: 1, profileViews: 2 });
        expect(stats.daily.find((entry) => entry.day === addDays(today, -5))).toMatchObject({ seen: 5, profileViews: 2 });
        expect(stats.daily[0]).toMatchObject({ seen: 1, credited: 1 });
        expect(stats.languages).toEqual([{ value: 'de', seen: 4, viewed: 2 }]);
      }
    }
  });
});

describe('breakdowns', () => {
  it('by hour of day in the member’s zone, language, device and referrer add up to what was counted', async () => {
    const alice = await member();
    const first = await postOf(alice.browser, 'First');
    const second = await postOf(alice.browser, 'Second');
    const today = dayIn(new Date(), 'UTC');
    // Twelve hours off the current one, three days ago (a finished day), and the current hour (live).
    const earlier = (hourAgo(0).getUTCHours() + 12) % 24;
    const morning = new Date(`${addDays(today, -3)}T${String(earlier).padStart(2, '0')}:00:00Z`);
    const inTokyo = (hour: number) => (hour + 9) % 24;
    await seedHourly(db, first, morning, 'feed', { seen: 6, viewed: 4, linkClicks: 1 });
    await seedHourly(db, first, morning, 'surf', { seen: 2, viewed: 2 });
    await seedHourly(db, first, hourAgo(0), 'feed', { seen: 3, viewed: 1, linkClicks: 2 });
    await seedHourly(db, second, morning, 'profile', { seen: 10, viewed: 5 });
    const languages = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'sv', 'pt', 'ja', 'ko', ''];
    for (const [index, language] of languages.entries())
      await seedDimensionDay(db, first, addDays(today, -3), 'language', language, { seen: 30 - index, viewed: 20 - index });
    await seedDimensionDay(db, first, today, 'language', 'ko', { seen: 50, viewed: 50 });
    await seedDimensionDay(db, first, addDays(today, -3), 'device', 'phone', { seen: 5, viewed: 3 });
    await seedDimensionDay(db, first, today, 'device', 'phone', { seen: 1, viewed: 1 });
    await seedDimensionDay(db, first, today, 'device', 'desktop', { seen: 2, viewed: 0 });
    await seedDimensionDay(db, second, addDays(today, -3), 'device', 'desktop', { seen: 7, viewed: 7 });
    await seedDimensionDay(db, first, addDays(today, -3), 'referrer', '', { seen: 4, viewed: 4 });
    await seedDimensionDay(db, first, addDays(today, -3), 'referrer', 'news.example', { seen: 5, viewed: 1 });
    await seedDimensionDay(db, second, today, 'referrer', 'news.example', { seen: 1, viewed: 1 });

    const post = (await alice.browser.get<PostStats>(postStatsPath(first, '?days=7&tz=Asia%2FTokyo'))).body.data!;
    expect(post.hours).toHaveLength(24);
    expect(post.hours.map((entry) => entry.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(post.hours[inTokyo(earlier)]).toEqual({ hour: inTokyo(earlier), seen: 8, viewed: 6, linkClicks: 1 });
    expect(post.hours[inTokyo(hourAgo(0).getUTCHours())]).toMatchObject({ seen: 3, viewed: 1, linkClicks: 2 });
    expect(post.hours.reduce((sum, entry) => sum + entry.seen, 0)).toBe(11);
    expect(post.hours.reduce((sum, entry) => sum + entry.linkClicks, 0)).toBe(post.totals.linkClicks);
    expect(post.languages).toHaveLength(10);
    expect(post.languages[0]).toEqual({ value: 'ko', seen: 70, viewed: 60 });
    expect(post.languages.slice(1).map((entry) => entry.value)).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'sv', 'pt']);
    expect(post.devices).toEqual([
      { value: 'phone', seen: 6, viewed: 4 },
      { value: 'desktop', seen: 2, viewed: 0 },
    ]);
    expect(post.referrers).toEqual([
      { value: '', seen: 4, viewed: 4 },
      { value: 'news.example', seen: 5, viewed: 1 },
    ]);

    const overview = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7&tz=Asia%2FTokyo`)).body.data!;
    expect(overview.hours[inTokyo(earlier)]).toEqual({ hour: inTokyo(earlier), seen: 18, viewed: 11, linkClicks: 1 });
    expect(overview.hours.reduce((sum, entry) => sum + entry.viewed, 0)).toBe(overview.totals.viewed);
    expect(overview.devices).toEqual([
      { value: 'desktop', seen: 9, viewed: 7 },
      { value: 'phone', seen: 6, viewed: 4 },
    ]);
    expect(overview.referrers).toEqual([
      { value: '', seen: 4, viewed: 4 },
      { value: 'news.example', seen: 6, viewed: 2 },
    ]);
    expect(overview.sources).toEqual([
      { source: 'profile', seen: 10, viewed: 5 },
      { source: 'feed', seen: 9, viewed: 5 },
      { source: 'surf', seen: 2, viewed: 2 },
    ]);
  });
});

describe('profile views, comments and feels', () => {
  it('are counted in the period by when they happened; deleted comments are not', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const pid = await postOf(alice.browser);
    const other = await postOf(bob.browser, 'Bob’s post');
    const today = dayIn(new Date(), 'UTC');
    const threeDaysAgo = new Date(`${addDays(today, -3)}T12:00:00Z`);
    await seedHourly(db, pid, threeDaysAgo, 'feed', { seen: 4, profileViews: 3 });
    await seedHourly(db, pid, hourAgo(0), 'surf', { seen: 1, profileViews: 1 });
    const comment = (postId: number, by: number, at: Date, deleted = false) =>
      db.query(`INSERT INTO comments (post_id, user_id, text, created_at, deleted_at) VALUES ($1, $2, 'Nice', $3, $4)`, [
        postId,
        by,
        at,
        deleted ? at : null,
      ]);
    await comment(pid, bob.id, new Date());
    await comment(pid, carol.id, new Date());
    await comment(pid, bob.id, new Date(), true);
    await comment(pid, carol.id, threeDaysAgo);
    await comment(pid, carol.id, new Date(`${addDays(today, -40)}T12:00:00Z`));
    await comment(other, alice.id, new Date());
    const feel = (postId: number, by: number, at: Date) =>
      db.query(`INSERT INTO post_feels (post_id, user_id, kind, created_at) VALUES ($1, $2, 'love', $3)`, [postId, by, at]);
    await feel(pid, bob.id, new Date());
    await feel(pid, carol.id, threeDaysAgo);
    await feel(other, alice.id, new Date());
    await seedProfileViews(db, alice.id, hourAgo(0), 5);
    await seedProfileViews(db, alice.id, threeDaysAgo, 2);
    await seedProfileViews(db, alice.id, new Date(`${addDays(today, -40)}T12:00:00Z`), 100);
    await seedProfileViews(db, bob.id, hourAgo(0), 9);

    const post = (await alice.browser.get<PostStats>(postStatsPath(pid, '?days=7'))).body.data!;
    expect(post.totals).toEqual({ ...NONE, seen: 5, profileViews: 4, comments: 3, feels: 2 });
    expect(post.daily.at(-1)).toMatchObject({ profileViews: 1, comments: 2, feels: 1 });
    expect(post.daily.find((entry) => entry.day === addDays(today, -3))).toMatchObject({
      profileViews: 3,
      comments: 1,
      feels: 1,
    });

    const overview = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`)).body.data!;
    expect(overview.totals).toEqual(post.totals);
    expect(overview.ownProfileViews).toBe(7);
    expect(overview.posts.map((entry) => [entry.pid, entry.totals.comments, entry.totals.feels])).toEqual([[pid, 3, 2]]);
    // Bob sees only what his own post received, and none of Alice's, over a range too.
    const bobs = (await bob.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?from=${addDays(today, -6)}&to=${today}`)).body
      .data!;
    expect(bobs.totals).toEqual({ ...NONE, comments: 1, feels: 1 });
    expect(bobs.ownProfileViews).toBe(9);
    expect((await bob.browser.get(postStatsPath(pid, `?from=${addDays(today, -6)}&to=${today}`))).status).toBe(404);

    const ninety = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=90`)).body.data!;
    expect(ninety.ownProfileViews).toBe(107);
    expect(ninety.totals.comments).toBe(4);

    // Counted once a day has been kept too: a comment deleted today leaves today's figure at once.
    await db.query(`UPDATE comments SET deleted_at = now() WHERE post_id = $1 AND created_at > now() - interval '1 hour'`, [pid]);
    const after = (await alice.browser.get<PostStats>(postStatsPath(pid, '?days=7'))).body.data!;
    expect(after.totals.comments).toBe(1);
  });
});

describe('days of the period', () => {
  it('lists every day of the period up to today, empty ones with zeros', async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    const threeDaysAgo = hourAgo(72);
    await seedHourly(db, pid, threeDaysAgo, 'feed', { seen: 5, viewed: 3, linkClicks: 1 });
    await seedHourly(db, pid, hourAgo(24 * 40), 'feed', { seen: 100 });

    for (const days of [7, 30, 90] as const) {
      const { body } = await alice.browser.get<PostStats>(postStatsPath(pid, `?days=${days}&tz=UTC`));
      const daily = body.data!.daily;
      expect(daily).toHaveLength(days);
      expect(daily.at(-1)!.day).toBe(dayIn(new Date(), 'UTC'));
      const listed = daily.map((entry) => entry.day);
      expect(new Set(listed).size).toBe(days);
      expect([...listed].sort()).toEqual(listed);
      const counted = daily.filter((entry) => entry.seen > 0);
      const expected = [{ ...NONE, day: dayIn(threeDaysAgo, 'UTC'), seen: 5, viewed: 3, linkClicks: 1 }];
      if (days === 90)
        expected.unshift({ ...expected[0]!, day: dayIn(hourAgo(24 * 40), 'UTC'), seen: 100, viewed: 0, linkClicks: 0 });
      expect(counted).toEqual(expected);
      expect(body.data!.totals.seen).toBe(days === 90 ? 105 : 5);
    }
  });

  it("buckets hours into the member's own days", async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    // 20:00 UTC three days ago: the same day in UTC, already the next day at UTC+14.
    const evening = new Date(`${dayIn(hourAgo(72), 'UTC')}T20:00:00Z`);
    await seedHourly(db, pid, evening, 'feed', { seen: 7, viewed: 2 });

    const days: Record<string, string> = {};
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const { body } = await alice.browser.get<PostStats>(postStatsPath(pid, `?days=7&tz=${encodeURIComponent(tz)}`));
      expect(body.data!.tz).toBe(tz);
      expect(body.data!.daily.at(-1)!.day).toBe(dayIn(new Date(), tz));
      const counted = body.data!.daily.filter((entry) => entry.seen > 0);
      expect(counted).toHaveLength(1);
      expect(counted[0]).toMatchObject({ seen: 7, viewed: 2 });
      days[tz] = counted[0]!.day;
      expect(days[tz]).toBe(dayIn(evening, tz));
    }
    expect(days['Pacific/Kiritimati']).not.toBe(days.UTC);

    const overview = await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7&tz=Pacific%2FKiritimati`);
    expect(overview.body.data!.daily.filter((entry) => entry.seen > 0).map((entry) => entry.day)).toEqual([
      dayIn(evening, 'Pacific/Kiritimati'),
    ]);
  });
});

describe('what a post shows', () => {
  it('totals, sources most viewed first and the ten countries with most views', async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    await seedHourly(db, pid, hourAgo(2), 'feed', { seen: 10, viewed: 4, linkClicks: 2, videoPlays: 1, imageViews: 3 });
    await seedHourly(db, pid, hourAgo(3), 'feed', { seen: 5, viewed: 1 });
    await seedHourly(db, pid, hourAgo(2), 'surf', { seen: 8, viewed: 8, credited: 6 });
    await seedHourly(db, pid, hourAgo(2), 'other', { seen: 1 });
    // Only credited views here: no seen or viewed, so no source line.
    await seedHourly(db, pid, hourAgo(2), 'profile', { credited: 0 });
    const today = dayIn(new Date(), 'UTC');
    const countries = ['DE', 'FR', 'US', 'GB', 'IT', 'ES', 'NL', 'BE', 'PL', 'SE', 'NO', ''];
    for (const [index, country] of countries.entries()) {
      await seedCountryDay(db, pid, today, country, { seen: 20 - index, viewed: country === '' ? 50 : 12 - index });
    }

    const { status, body } = await alice.browser.get<PostStats>(postStatsPath(pid, '?days=7'));
    expect(status).toBe(200);
    const stats = body.data!;
    expect(stats).toMatchObject({ pid, days: 7, tz: 'UTC', to: dayIn(new Date(), 'UTC') });
    expect(stats.totals).toEqual({ ...NONE, seen: 24, viewed: 13, credited: 6, linkClicks: 2, videoPlays: 1, imageViews: 3 });
    expect(stats.sources).toEqual([
      { source: 'surf', seen: 8, viewed: 8 },
      { source: 'feed', seen: 15, viewed: 5 },
      { source: 'other', seen: 1, viewed: 0 },
    ]);
    expect(stats.countries).toHaveLength(10);
    expect(stats.countries[0]).toEqual({ country: null, seen: 9, viewed: 50 });
    expect(stats.countries.slice(1).map((entry) => entry.country)).toEqual([
      'DE',
      'FR',
      'US',
      'GB',
      'IT',
      'ES',
      'NL',
      'BE',
      'PL',
    ]);
  });

  it("the overview sums the member's posts by day and lists them most viewed first", async () => {
    const alice = await member();
    const quiet = await postOf(alice.browser, 'Quiet post');
    const popular = await postOf(alice.browser, 'Popular post');
    const untouched = await postOf(alice.browser, 'Nothing yet');
    await seedHourly(db, quiet, hourAgo(1), 'feed', { seen: 3, viewed: 1 });
    await seedHourly(db, popular, hourAgo(1), 'feed', { seen: 30, viewed: 20, credited: 5 });
    await seedHourly(db, popular, hourAgo(50), 'surf', { seen: 2, viewed: 2, credited: 2 });

    const { body } = await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`);
    const overview = body.data!;
    expect(overview.totals).toEqual({ ...NONE, seen: 35, viewed: 23, credited: 7 });
    expect(overview.daily).toHaveLength(7);
    expect(overview.daily.reduce((sum, day) => sum + day.viewed, 0)).toBe(23);
    expect(overview.posts.map((post) => [post.pid, post.text, post.totals.viewed])).toEqual([
      [popular, 'Popular post', 22],
      [quiet, 'Quiet post', 1],
    ]);
    expect(overview.posts.some((post) => post.pid === untouched)).toBe(false);
  });
});

describe('answers from kept finished days', () => {
  it('a view counted this hour shows at once, though the finished days were kept from the first answer', async () => {
    const alice = await member();
    const pid = await postOf(alice.browser);
    await seedHourly(db, pid, hourAgo(72), 'feed', { seen: 5, viewed: 3 });
    for (const path of [postStatsPath(pid, '?days=7'), `${STATS_ENDPOINTS.overview}?days=7`]) {
      const { body } = await alice.browser.get<PostStats | StatsOverview>(path);
      expect(body.data!.totals).toMatchObject({ seen: 5, viewed: 3 });
    }

    await seedHourly(db, pid, hourAgo(0), 'profile', { seen: 2, viewed: 1, credited: 1 });
    await seedCountryDay(db, pid, dayIn(new Date(), 'UTC'), 'FR', { seen: 2, viewed: 1 });

    const post = (await alice.browser.get<PostStats>(postStatsPath(pid, '?days=7'))).body.data!;
    expect(post.totals).toMatchObject({ seen: 7, viewed: 4, credited: 1 });
    expect(post.daily.at(-1)).toMatchObject({ day: dayIn(new Date(), 'UTC'), seen: 2, viewed: 1, credited: 1 });
    expect(post.sources).toEqual([
      { source: 'feed', seen: 5, viewed: 3 },
      { source: 'profile', seen: 2, viewed: 1 },
    ]);
    expect(post.countries).toEqual([{ country: 'FR', seen: 2, viewed: 1 }]);

    const overview = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=7`)).body.data!;
    expect(overview.totals).toMatchObject({ seen: 7, viewed: 4, credited: 1 });
    expect(overview.daily.at(-1)).toMatchObject({ seen: 2, viewed: 1 });
    expect(overview.posts.map((entry) => [entry.pid, entry.totals.viewed])).toEqual([[pid, 4]]);
  });

  it('a deleted post leaves the overview and its own stats at once, though its figures were kept', async () => {
    const alice = await member();
    const kept = await postOf(alice.browser, 'Still here');
    const deleted = await postOf(alice.browser, 'Going away');
    await seedHourly(db, kept, hourAgo(48), 'feed', { seen: 1, viewed: 1 });
    await seedHourly(db, deleted, hourAgo(48), 'feed', { seen: 10, viewed: 10 });
    const before = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=30`)).body.data!;
    expect(before.posts.map((entry) => entry.pid)).toEqual([deleted, kept]);
    expect((await alice.browser.get(postStatsPath(deleted, '?days=30'))).status).toBe(200);

    await db.query(`UPDATE posts SET deleted_at = now() WHERE id = $1`, [deleted]);

    const after = (await alice.browser.get<StatsOverview>(`${STATS_ENDPOINTS.overview}?days=30`)).body.data!;
    expect(after.posts.map((entry) => entry.pid)).toEqual([kept]);
    expect(after.totals).toMatchObject({ seen: 1, viewed: 1 });
    expect(after.daily.reduce((sum, day) => sum + day.viewed, 0)).toBe(1);
    expect((await alice.browser.get(postStatsPath(deleted, '?days=30'))).status).toBe(404);
  });

  it("another member's post stays 404 after its owner's figures were kept", async () => {
    const alice = await member();
    const bob = await member();
    const pid = await postOf(alice.browser);
    await seedHourly(db, pid, hourAgo(30), 'feed', { seen: 4 });
    expect((await bob.browser.get(postStatsPath(pid, '?days=7'))).status).toBe(404);
    expect((await alice.browser.get(postStatsPath(pid, '?days=7'))).status).toBe(200);
    expect((await bob.browser.get(postStatsPath(pid, '?days=7'))).status).toBe(404);
  });
});
