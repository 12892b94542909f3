import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemberCard } from '@shared/people/people.js';
import { runPrepared, type PreparedStatement } from '../database/prepared.js';
import { notBlockedEitherWay } from '../blocks/blocks.repository.js';
import { memberCardColumns, memberCardOf, type MemberCardRow } from '../follows/member-cards.js';

/** The query as a LIKE prefix: its own %, _ and \ taken literally. */
const likePrefix = (query: string) => `${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Lower case usernames starting with `query` lie in [start, end): a range the users_username_lower btree answers. */
function usernamePrefixRange(query: string): [string, string] | [null, null] {
  if (!USERNAME_CHARACTERS.test(query)) return [null, null];
  const start = query.toLowerCase();
  return [start, `${start.slice(0, -1)}${String.fromCharCode(start.charCodeAt(start.length - 1) + 1)}`];
}
const USERNAME_CHARACTERS = /^[A-Za-z0-9_]+$/;

/**
 * Members found by a name, best first. Scores, the best of:
 * - the username itself (case-insensitive): 100; a username starting with the query: 50 (the
 *   users_username_lower btree, as a range);
 * - keys shared with the username (member_name_keys, kept by a trigger from the SQL function
 *   name_keys): per term of the query, its best match, summed: the whole query 10 (the same) or 8
 *   (one slip apart), each of its words 3 or 2. So `elias_wlarus` ranks `elias_walrus` (5: both
 *   words) above every other `elias_…` (3) and `…_walrus` (2);
 * - a first name like the query: 4 × its trigram similarity, found among the distinct first
 *   names (member_first_names: by the `%` operator, whose threshold every connection sets, see
 *   trigram-threshold.ts, or by a shared key); the members of a matching name are read in id order
 *   by the users_first_name btree, no more than the page needs, as they share its score.
 * Every match is an index lookup: nothing rechecks the thousands of names that share a few
 * letters with the query. Ties go to the oldest account. Members not set up yet and members
 * blocked either way with the viewer are left out; the cards are read for one page only.
 * Parameters: `userSearchParameters`.
 */
export const USER_SEARCH: PreparedStatement = {
  name: 'user_search',
  text: `WITH by_keys AS (
    SELECT user_id AS id, sum(best) AS score FROM (
      SELECT k.user_id, q.term,
             max(CASE WHEN q.term = 0 THEN CASE WHEN q.exact AND k.exact THEN 10 ELSE 8 END
                      ELSE CASE WHEN q.exact AND k.exact THEN 3 ELSE 2 END END) AS best
        FROM name_keys($1) q
        CROSS JOIN LATERAL (
          SELECT user_id, exact FROM member_name_keys
           WHERE key = q.key AND ${notBlockedEitherWay('$2::int', 'user_id')}
          OFFSET 0) k
       GROUP BY k.user_id, q.term) per_term
     GROUP BY user_id
  ), matches AS (
    SELECT id, score FROM by_keys
    UNION ALL
    SELECT id, CASE WHEN lower(username) = lower($1) THEN 100 ELSE 50 END
      FROM users
     WHERE lower(username) >= $6 AND lower(username) < $7 AND username ILIKE $3 AND NOT needs_setup
       AND ${notBlockedEitherWay('$2::int', 'id')}
    UNION ALL
    SELECT named.id, 4 * n.similarity
      FROM (SELECT name, similarity(name, $1) FROM member_first_names
             WHERE name % $1 OR keys && ARRAY(SELECT key FROM name_keys($1))) n
      CROSS JOIN LATERAL (
        SELECT id FROM users
         WHERE first_name = n.name AND NOT needs_setup AND ${notBlockedEitherWay('$2::int', 'id')}
         ORDER BY id LIMIT $4::int + $5::int) named
  ), ranked AS (
    SELECT id, max(score) AS score FROM matches
     GROUP BY id ORDER BY score DESC, id LIMIT $4 OFFSET $5
  )
  SELECT ${memberCardColumns('$2')}
    FROM ranked r JOIN users u ON u.id = r.id
   ORDER BY r.score DESC, u.id`,
};

export const userSearchParameters = (query: string, viewerId: number, limit: number, offset: number) => [
  query,
  viewerId,
  likePrefix(query),
  limit,
  offset,
  ...usernamePrefixRange(query),
];

/** Members by username or first name, a slip in the name forgiven. */
@Injectable()
export class UserSearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(query: string, viewerId: number, limit: number, offset: number): Promise<MemberCard[]> {
    const rows = await runPrepared<MemberCardRow>(
      this.dataSource,
      USER_SEARCH,
      userSearchParameters(query, viewerId, limit, offset),
    );
    return rows.map(memberCardOf);
  }
}
