// The stats benchmark's data, seeded with SQL (never through the API):
//   - members and their posts, each post with its campaign, as the app creates them;
//   - the measured campaign: one post of one member with `events` raw feed events (level-5 and
//     level-10 post views, link clicks, video plays, picture views) spread evenly over the last
//     `days` days, in the daily partitions of feed_events (named and bounded as the tracking
//     writer makes them), and the rollups computed from exactly those rows by SQL aggregation, so
//     the rollups hold the raw counts; plus credited surf views (claimed view_tickets) that the
//     app's credited recount puts into the rollups when it starts;
//   - that member's other posts, and many other members' posts, with rollup rows of their own
//     (generated directly: no raw events behind them), so the rollup tables are not one post's.
// The raw partitions are UNLOGGED (a throw-away database: no WAL for 10,000,000 rows).
const EVENT_MIX = `CASE WHEN k < 55 THEN 'post_view' WHEN k < 85 THEN 'post_view' WHEN k < 92 THEN 'post_link_click'
                        WHEN k < 96 THEN 'playVideo' ELSE 'viewImage' END`;
const COUNTRIES = [
  'US',
  'DE',
  'GB',
  'FR',
  'IN',
  'BR',
  'CA',
  'ES',
  'IT',
  'NL',
  'PL',
  'SE',
  'MX',
  'JP',
  'AU',
  'TR',
  'ID',
  'PH',
  'NG',
  '',
];

/** `places`: the screens a post is seen on (TRACKING_PLACES of shared/tracking). */
export async function seedStats(client, sizes, PLACES) {
  const { members, posts, events, days, tickets, ownerPosts, otherRollupPosts, otherRollupHours } = sizes;
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);
  const steps = [];
  const step = async (label, sql, params = []) => {
    const started = Date.now();
    const { rowCount } = await client.query(sql, params);
    steps.push({ label, rows: rowCount, ms: Date.now() - started });
  };

  await step(
    'members',
    `INSERT INTO users (username, first_name, email, finished_get_started, email_confirmed_at)
     SELECT 'bench_' || i, 'Member', 'bench_' || i || '@bench.invalid', true, now() FROM generate_series(1, $1) AS i`,
    [members],
  );
  const {
    rows: [{ first }],
  } = await client.query(`SELECT min(id)::int AS first FROM users WHERE email LIKE '%@bench.invalid'`);
  const owner = first;
  // The owner's posts first (the measured one is the first of them), then everyone else's.
  await step(
    'posts',
    `INSERT INTO posts (user_id, text, language, created_at)
     SELECT CASE WHEN i <= $2 THEN $3 ELSE $3 + 1 + (i * 7919) % ($4 - 1) END,
            'Post ' || i || ': ' || repeat('words of a post ', (1 + i % 8)::int), 'en', now() - interval '100 days'
       FROM generate_series(1, $1) AS i`,
    [posts, ownerPosts, owner, members],
  );
  await step('campaigns', `INSERT INTO campaigns (post_id, user_id, credits) SELECT id, user_id, 1000 FROM posts`);
  const {
    rows: [{ pid }],
  } = await client.query(`SELECT min(id)::int AS pid FROM posts WHERE user_id = $1`, [owner]);

  // Daily partitions, as the tracking writer names them, for every day the events fall on.
  const started = Date.now();
  const { rows: partitionDays } = await client.query(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, to_char(d + interval '1 day', 'YYYY-MM-DD') AS next
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - $1::int, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d`,
    [days],
  );
  for (const { day, next } of partitionDays) {
    await client.query(
      `CREATE UNLOGGED TABLE IF NOT EXISTS feed_events_${day.replaceAll('-', '')} PARTITION OF feed_events FOR VALUES FROM ('${day}') TO ('${next}')`,
    );
  }
  steps.push({ label: `feed_events partitions`, rows: partitionDays.length, ms: Date.now() - started });

  // Event i happens at now() - i × (days / events): evenly over the period, newest first. Inserted
  // in chunks of a million rows.
  const chunk = 1_000_000;
  const eventsStarted = Date.now();
  for (let from = 0; from < events; from += chunk) {
    await client.query(
      `INSERT INTO feed_events (day, at, name, post_id, user_id, visitor_id, place, level, notes, country, address_hash)
       SELECT (at AT TIME ZONE 'UTC')::date, at, ${EVENT_MIX}, $3, NULL, 'visitor' || (i % 200000),
              ($5::text[])[1 + (i / 7) % cardinality($5::text[])],
              CASE WHEN k < 55 THEN 5 WHEN k < 85 THEN 10 END, '{"source":"website"}',
              nullif(($6::text[])[1 + (i * 31) % cardinality($6::text[])], ''), 'h' || (i % 50000)
         FROM (SELECT i, i % 100 AS k, now() - i * ($4::float8 * 86400 / $2) * interval '1 second' AS at
                 FROM generate_series($1::bigint, least($1::bigint + ${chunk}, $2) - 1) AS i) e`,
      [from, events, pid, days, PLACES, COUNTRIES],
    );
  }
  steps.push({ label: 'feed events (raw)', rows: events, ms: Date.now() - eventsStarted });

  // The rollups, from the raw rows: what the tracking writer adds up batch by batch.
  await step(
    'hourly rollups of the raw events',
    `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, link_clicks, video_plays, image_views)
     SELECT post_id, date_trunc('hour', at, 'UTC'), coalesce(place, 'other'),
            count(*) FILTER (WHERE name = 'post_view' AND level = 5), count(*) FILTER (WHERE name = 'post_view' AND level = 10),
            count(*) FILTER (WHERE name = 'post_link_click'), count(*) FILTER (WHERE name = 'playVideo'),
            count(*) FILTER (WHERE name = 'viewImage')
       FROM feed_events WHERE post_id = $1 GROUP BY 1, 2, 3`,
    [pid],
  );
  await step(
    'country rollups of the raw events',
    `INSERT INTO post_stats_country_daily (post_id, day, country, seen, viewed)
     SELECT post_id, day, coalesce(country, ''), count(*) FILTER (WHERE level = 5), count(*) FILTER (WHERE level = 10)
       FROM feed_events WHERE post_id = $1 AND name = 'post_view' GROUP BY 1, 2, 3`,
    [pid],
  );

  // Credited surf views of the measured post: claimed tickets spread over the period.
  await step(
    'claimed view tickets',
    `INSERT INTO view_tickets (id, viewer_id, post_id, connection_id, timer_seconds, status, issued_at, claimed_at)
     SELECT gen_random_uuid(), $2 + 1 + i % ($3 - 1), $1, 'bench', 15, 'claimed', at - interval '15 seconds', at
       FROM (SELECT i, now() - i * ($5::float8 * 86400 / $4) * interval '1 second' AS at FROM generate_series(0, $4 - 1) AS i) t`,
    [pid, owner, members, tickets, days],
  );

  // The owner's other posts: each seen in one hour in four of the period, on one screen.
  await step(
    "the owner's other posts' rollups",
    `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, link_clicks)
     SELECT p.id, date_trunc('hour', now(), 'UTC') - h * interval '1 hour', ($3::text[])[1 + (p.id + h) % cardinality($3::text[])],
            1 + (p.id + h) % 20, (p.id + h) % 9, (p.id + h) % 3
       FROM posts p, generate_series(0, $2 * 24 - 1, 4) AS h
      WHERE p.user_id = $1 AND p.id <> $4`,
    [owner, days, PLACES, pid],
  );
  // Everyone else's: `otherRollupPosts` posts with `otherRollupHours` hours each, spread over the period.
  await step(
    "other members' rollups",
    `INSERT INTO post_stats_hourly (post_id, hour, place, seen, viewed, credited)
     SELECT p.id, date_trunc('hour', now(), 'UTC') - ((p.id * 37 + h * 97) % ($4 * 24)) * interval '1 hour',
            ($5::text[])[1 + h % cardinality($5::text[])], 1 + h % 30, h % 12, h % 4
       FROM (SELECT id FROM posts WHERE user_id <> $1 ORDER BY id LIMIT $2) p, generate_series(1, $3) AS h
     ON CONFLICT DO NOTHING`,
    [owner, otherRollupPosts, otherRollupHours, days, PLACES],
  );
  await step(
    "other members' country rollups",
    `INSERT INTO post_stats_country_daily (post_id, day, country, seen, viewed)
     SELECT p.id, (now() AT TIME ZONE 'UTC')::date - (p.id + d) % $4, ($5::text[])[1 + d % cardinality($5::text[])], 1 + d % 40, d % 15
       FROM (SELECT id FROM posts WHERE user_id <> $1 ORDER BY id LIMIT $2) p, generate_series(1, $3) AS d
     ON CONFLICT DO NOTHING`,
    [owner, otherRollupPosts, Math.max(1, Math.round(otherRollupHours / 4)), days, COUNTRIES],
  );
  await client.query(`SET session_replication_role = origin`);
  const vacuumStarted = Date.now();
  await client.query('VACUUM (ANALYZE)');
  steps.push({ label: 'vacuum, analyze', rows: null, ms: Date.now() - vacuumStarted });
  return { owner, pid, steps };
}
