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
 * Usernames match by the `%` operator (similarity above pg_trgm.similarity_threshold, which every
 * connection of the app sets: TRIGRAM_CONNECTION_OPTIONS), answered by the trigram GIN index
 * users_username_trgm (a `similarity(…) > x` filter could use no index), or by a username prefix,
 * answered by the users_username_lower btree as a range (a short prefix is in too many trigram
 * posting lists). First names match through member_first_names: each distinct name is scored
 * once, then the members of each matching name are read in id order by the users_first_name
 * btree, no more than the page needs (members of one name share its score, so the first ones by
 * id are the ones that rank). A common first name thus costs a page of rows, not a recheck of
 * every member who has it. Ranked: the exact username, then username prefixes, then the closest
 * name. Members not set up yet and members blocked either way with the viewer are left out; the
 * cards are read for one page only. Parameters: `userSearchParameters`.
 */
export const USER_SEARCH: PreparedStatement = {
  name: 'user_search',
  text: `WITH matches AS (
    SELECT id, similarity(username, $1)
               + CASE WHEN lower(username) = lower($1) THEN 2 WHEN username ILIKE $3 THEN 1 ELSE 0 END AS score
      FROM users
     WHERE (username % $1 OR (lower(username) >= $6 AND lower(username) < $7 AND username ILIKE $3)) AND NOT needs_setup
       AND ${notBlockedEitherWay('$2::int', 'id')}
    UNION ALL
    SELECT named.id, n.score
      FROM (SELECT name, similarity(name, $1) AS score FROM member_first_names WHERE name % $1) n
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

/** Members by username or first name, typo-tolerant (pg_trgm). */
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
