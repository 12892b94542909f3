// The social benchmark's data, seeded with SQL in seconds (never through the API): members, their
// groups, their posts (each with its campaign, as the app creates them; one in ten posted in a group
// of its author's), comments with one level of replies, feels on posts, follows of members and tags.
// Sizes are the bench's settings; the defaults are the issue's: 100,000 members, 500,000 posts,
// 1,000,000 comments, 2,000,000 feels. Skewed a little, as a real network is: a tenth of the members
// write most posts. Names look like people's (anna_wolf, anna_wolf83, first name Anna), so a
// misspelt search meets the crowd of near matches it would meet on a real site.
const TAGS = ['news', 'food', 'travel', 'music', 'sport', 'tech', 'art', 'games', 'books', 'film', 'health', 'money'];
const FEELS = ['like', 'love', 'haha', 'wow', 'sad', 'angry'];
/** 100 first names and 100 words (none over 9 letters, no underscore): 10,000 usernames before a number is added. */
export const FIRST_NAMES = (
  'anna ben carla david emma felix greta hugo iris jonas karin leon maria noah olga paul rosa samuel tina viktor ' +
  'wanda xavier yara zoe adam bianca carlos diana elias fatima george hannah ivan julia kevin laura marco nina ' +
  'oscar petra quentin rachel stefan teresa ulrich vera william ximena yusuf zora alice bruno chloe dmitri esther ' +
  'frank gloria henrik ingrid jasper katrin lukas mila nils olivia pedro ruth simon thea umberto valerie walter ' +
  'amir beatrix cedric daniela emil flora gustav helena isaac jana konrad lena mats nora otto pia rafael sofia ' +
  'tobias ursula vincent wilma yannick zeynep margaret jonathan christine benedikt'
).split(' ');
export const WORDS = (
  'wolf surfer rider pixel river storm maker coder runner dreamer falcon garden comet harbor island jungle ' +
  'kettle lantern meadow north ocean pepper quartz rocket shadow tiger umbra velvet willow yonder zephyr amber ' +
  'breeze cactus dune ember forest glacier hollow indigo juniper koala lagoon mango nebula orchid panda quill ' +
  'raven summit thunder unicorn valley walrus yeti zebra acorn badger canyon dolphin eagle fjord gecko heron ' +
  'ivory jasmine kayak lemon maple nomad otter parrot quokka reef sparrow tundra urchin vortex wander yak ' +
  'bison coral delta echo fable gravel hazel iceberg jet kite lotus marble nectar onyx prism saffron tempest ' +
  'aurora boulder crystal'
).split(' ');

/**
 * Seeds an empty, migrated database. Answers the ids the load needs: the first member, post and
 * group id (members, posts and groups are numbered from them without gaps). Every step is one
 * INSERT … SELECT over generate_series.
 */
export async function seedSocial(client, sizes) {
  const { members, posts, comments, feels, followsPerMember, groups } = sizes;
  const step = async (label, sql, params = []) => {
    const started = Date.now();
    const { rowCount } = await client.query(sql, params);
    return { label, rows: rowCount, ms: Date.now() - started };
  };
  const steps = [];
  // Member i: name n = i mod 100, word w = (i / 100) mod 100, then a number from the 10,000th on.
  steps.push(
    await step(
      'members',
      `INSERT INTO users (username, first_name, email, finished_get_started, email_confirmed_at, created_at)
       SELECT username, initcap(name), username || '@bench.invalid', true, now(), now() - (i % 900) * interval '1 day'
         FROM (SELECT i, ($2::text[])[1 + i % 100] AS name,
                      ($2::text[])[1 + i % 100] || '_' || ($3::text[])[1 + (i / 100) % 100]
                        || CASE WHEN i < 10000 THEN '' ELSE (80 + i / 10000)::text END AS username
                 FROM generate_series(0::bigint, $1 - 1) AS i) m`,
      [members, FIRST_NAMES, WORDS],
    ),
  );
  const {
    rows: [{ first }],
  } = await client.query(`SELECT min(id) AS first FROM users WHERE email LIKE '%@bench.invalid'`);
  // The members went in with their triggers (they fill member_first_names and the name terms, as
  // for a signup); the rest goes in with foreign-key triggers off (the ids are made to fit):
  // minutes become seconds.
  await client.query(`SET session_replication_role = replica`);
  // Group g is owned by member g; every member is in two groups: m mod G (which owns it when m < G)
  // and (7m + 3) mod G. A quarter of the groups are private.
  steps.push(
    await step(
      'groups',
      `INSERT INTO groups (slug, name, visibility, created_by)
       SELECT 'group-' || g, initcap(($3::text[])[1 + g % 100]) || ' club ' || g,
              CASE WHEN g % 4 = 0 THEN 'private' ELSE 'public' END, $1 + g
         FROM generate_series(0, $2 - 1) AS g`,
      [first, groups, WORDS],
    ),
  );
  const {
    rows: [{ firstGroup }],
  } = await client.query(`SELECT min(id) AS "firstGroup" FROM groups`);
  steps.push(
    await step(
      'group members',
      `INSERT INTO group_members (group_id, user_id, role)
       SELECT $3 + m % $2, $1 + m, CASE WHEN m < $2 THEN 'owner' ELSE 'member' END FROM generate_series(0::bigint, $4 - 1) AS m
       UNION ALL
       SELECT $3 + (7 * m + 3) % $2, $1 + m, 'member' FROM generate_series(0::bigint, $4 - 1) AS m
       ON CONFLICT DO NOTHING`,
      [first, groups, firstGroup, members],
    ),
  );
  // A tenth of the members write most posts: author a = (i*i mod …) mod members skews toward low
  // ids. One post in ten is posted in a group of its author's (a mod G).
  steps.push(
    await step(
      'posts',
      `INSERT INTO posts (user_id, group_id, text, language, tags, created_at)
       SELECT $2 + a, CASE WHEN i % 10 = 0 THEN $5 + a % $6 END,
              'Post ' || i || ': ' || repeat('words of a post ', (1 + i % 12)::int), 'en',
              ARRAY[($4::text[])[(1 + i % 12)::int], ($4::text[])[(1 + (i / 7) % 12)::int]],
              now() - (($1 - i) * interval '30 seconds')
         FROM (SELECT i, ((i::bigint * i) % ($3 / 10 + (i % 10) * ($3 / 10))) % $3 AS a
                 FROM generate_series(1::bigint, $1) AS i) s`,
      [posts, first, members, TAGS, firstGroup, groups],
    ),
  );
  steps.push(await step('campaigns', `INSERT INTO campaigns (post_id, user_id) SELECT id, user_id FROM posts`));
  // What the trigger posts_tags_indexed writes for each post, off while seeding.
  steps.push(
    await step(
      'post tags',
      `INSERT INTO post_tags (tag, post_id) SELECT DISTINCT tag, p.id FROM posts p CROSS JOIN unnest(p.tags) AS tag`,
    ),
  );
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
  // Each member follows followsPerMember of the first tenth (the prolific authors), no one twice:
  // k * 7919 differs for every k below 10,000, as 7919 is prime to a tenth of the members.
  steps.push(
    await step(
      'follows',
      `INSERT INTO follows (follower_id, followee_id)
       SELECT m, f FROM (
         SELECT $1 + m AS m, $1 + ((m * 31 + k * 7919) % ($2 / 10)) AS f
           FROM generate_series(0::bigint, $2 - 1) AS m, generate_series(1, $3) AS k) x
        WHERE m <> f`,
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
  await client.query(`SET session_replication_role = origin`);
  // Vacuumed and analysed as a live database is: visibility maps set (index-only scans), no
  // autovacuum of the fresh rows running into the measurements.
  const vacuumStarted = Date.now();
  await client.query('VACUUM (ANALYZE)');
  steps.push({ label: 'vacuum, analyze', rows: null, ms: Date.now() - vacuumStarted });
  return { firstMember: Number(first), firstPost: Number(firstPost), firstGroup: Number(firstGroup), steps };
}
