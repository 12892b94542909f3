// The social benchmark's data, seeded with SQL in seconds (never through the API): members, their
// posts (each with its campaign, as the app creates them), comments with one level of replies,
// feels on posts, follows of members and tags, and groups with members. Sizes are the bench's
// settings; the defaults are the issue's: 100,000 members, 500,000 posts, 1,000,000 comments,
// 2,000,000 feels. Skewed a little, as a real network is: a tenth of the members write most posts.
const TAGS = ['news', 'food', 'travel', 'music', 'sport', 'tech', 'art', 'games', 'books', 'film', 'health', 'money'];
const FEELS = ['like', 'love', 'haha', 'wow', 'sad', 'angry'];

/**
 * Seeds an empty, migrated database. Answers the ids the load needs: the first member id, and how
 * many of each there are. Every step is one INSERT … SELECT over generate_series.
 */
export async function seedSocial(client, sizes) {
  const { members, posts, comments, feels, followsPerMember, groups } = sizes;
  // Foreign-key triggers off while seeding (the ids are made to fit): minutes become seconds.
  await client.query(`SET session_replication_role = replica`);
  const step = async (label, sql, params = []) => {
    const started = Date.now();
    const { rowCount } = await client.query(sql, params);
    return { label, rows: rowCount, ms: Date.now() - started };
  };
  const steps = [];
  steps.push(
    await step(
      'members',
      `INSERT INTO users (username, first_name, email, finished_get_started, email_confirmed_at, created_at)
       SELECT 'member' || i, (ARRAY['Ada','Bea','Cem','Dan','Eva','Femi','Gus','Hana','Ivo','Jana','Kai','Lea'])[(1 + i % 12)::int] || i % 97,
              'member' || i || '@bench.invalid', true, now(), now() - (i % 900) * interval '1 day'
         FROM generate_series(1::bigint, $1) AS i`,
      [members],
    ),
  );
  const {
    rows: [{ first }],
  } = await client.query(`SELECT min(id) AS first FROM users WHERE username LIKE 'member%'`);
  // A tenth of the members write most posts: author = first + (i*i mod members) skews toward low ids.
  steps.push(
    await step(
      'posts',
      `INSERT INTO posts (user_id, text, language, tags, created_at)
       SELECT $2 + ((i::bigint * i) % ($3 / 10 + (i % 10) * ($3 / 10))) % $3,
              'Post ' || i || ': ' || repeat('words of a post ', (1 + i % 12)::int), 'en',
              ARRAY[($4::text[])[(1 + i % 12)::int], ($4::text[])[(1 + (i / 7) % 12)::int]],
              now() - (($1 - i) * interval '30 seconds')
         FROM generate_series(1::bigint, $1) AS i`,
      [posts, first, members, TAGS],
    ),
  );
  steps.push(await step('campaigns', `INSERT INTO campaigns (post_id, user_id) SELECT id, user_id FROM posts`));
  const {
    rows: [{ firstPost }],
  } = await client.query(`SELECT min(id) AS "firstPost" FROM posts`);
  // Two comments in three are top-level; the third replies to one of them (one level of replies).
  const topLevel = Math.ceil((comments * 2) / 3);
  steps.push(
    await step(
      'comments',
      `INSERT INTO comments (post_id, user_id, text, created_at)
       SELECT $2 + (i * 7919) % $3, $4 + (i * 104729) % $5, 'Comment ' || i, now() - ((($1 - i) % 100000) * interval '1 second')
         FROM generate_series(1::bigint, $1) AS i`,
      [topLevel, firstPost, posts, first, members],
    ),
  );
  const {
    rows: [{ firstComment }],
  } = await client.query(`SELECT min(id) AS "firstComment" FROM comments`);
  steps.push(
    await step(
      'replies',
      `INSERT INTO comments (post_id, user_id, parent_id, text, created_at)
       SELECT p.post_id, $4 + (j * 15485863) % $5, p.id, 'Reply ' || j, p.created_at + interval '1 minute'
         FROM generate_series(1::bigint, $1) AS j JOIN comments p ON p.id = $2::bigint + (j * 7) % $3`,
      [comments - topLevel, firstComment, topLevel, first, members],
    ),
  );
  // Feels: each post gets feels / posts of them, from distinct members (k * 25013 apart).
  steps.push(
    await step(
      'feels',
      `INSERT INTO post_feels (post_id, user_id, kind)
       SELECT $2::bigint + i % $3, $4::bigint + ((i / $3) * 25013 + (i % $3) * 7) % $5, ($6::text[])[(1 + i % 6)::int]
         FROM generate_series(0::bigint, $1 - 1) AS i`,
      [feels, firstPost, posts, first, members, FEELS],
    ),
  );
  steps.push(
    await step(
      'follows',
      `INSERT INTO follows (follower_id, followee_id)
       SELECT DISTINCT m, f FROM (
         SELECT $1 + m AS m, $1 + ((m * 31 + k * 7919) % ($2 / 10)) AS f
           FROM generate_series(0::bigint, $2 - 1) AS m, generate_series(1, $3) AS k) x
        WHERE m <> f
       ON CONFLICT DO NOTHING`,
      [first, members, followsPerMember],
    ),
  );
  steps.push(
    await step(
      'tag follows',
      `INSERT INTO tag_follows (user_id, tag) SELECT $1 + m, ($3::text[])[(1 + m % 12)::int] FROM generate_series(0, $2 - 1) AS m`,
      [first, members, TAGS],
    ),
  );
  steps.push(
    await step(
      'groups',
      `INSERT INTO groups (slug, name, visibility, created_by)
       SELECT 'group-' || g, 'Group ' || g, CASE WHEN g % 4 = 0 THEN 'private' ELSE 'public' END, $1 + g FROM generate_series(1, $2) AS g`,
      [first, groups],
    ),
  );
  steps.push(
    await step(
      'group members',
      `INSERT INTO group_members (group_id, user_id, role)
       SELECT gr.id, $1 + (gr.id * 37 + k * 101) % $2, CASE WHEN k = 1 THEN 'owner' ELSE 'member' END
         FROM groups gr, generate_series(1, 50) AS k
       ON CONFLICT DO NOTHING`,
      [first, members],
    ),
  );
  await client.query(`SET session_replication_role = origin`);
  await client.query('ANALYZE');
  return { firstMember: Number(first), firstPost: Number(firstPost), steps };
}
