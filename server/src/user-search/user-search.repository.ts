import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemberCard } from '@shared/people/people.js';
import { notBlockedEitherWay } from '../blocks/blocks.repository.js';
import { memberCardColumns, memberCardOf, type MemberCardRow } from '../follows/member-cards.js';

/**
 * How alike (pg_trgm similarity, 0–1) a username or first name must be to the query to match.
 * 0.3 lets one typo through in names of five letters or more ("alise" finds "alice").
 */
export const SIMILARITY_THRESHOLD = 0.3;

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
 * Matches by the `%` operator (similarity above pg_trgm.similarity_threshold, set per query),
 * answered by the trigram GIN indexes users_username_trgm and users_first_name_trgm (a
 * `similarity(…) > x` filter could use no index), or by a username prefix, answered by the
 * users_username_lower btree as a range (a short prefix is in too many trigram posting lists).
 * Each column is matched and scored in its own branch, so a candidate row is rechecked against
 * one column only: a common first name makes thousands of candidates, and their rechecks are
 * most of the cost. Ranked: the exact username, then username prefixes, then the closest name.
 * Members not set up yet and members blocked either way with the viewer are left out; the cards
 * are read for one page only. Parameters: `userSearchParameters`.
 */
export const USER_SEARCH_SQL = `WITH matches AS (
    SELECT id, similarity(username, $1)
               + CASE WHEN lower(username) = lower($1) THEN 2 WHEN username ILIKE $3 THEN 1 ELSE 0 END AS score
      FROM users
     WHERE (username % $1 OR (lower(username) >= $6 AND lower(username) < $7 AND username ILIKE $3)) AND NOT needs_setup
    UNION ALL
    SELECT id, similarity(first_name, $1) FROM users WHERE first_name % $1 AND NOT needs_setup
  ), ranked AS (
    SELECT id, max(score) AS score FROM matches
     WHERE ${notBlockedEitherWay('$2::int', 'id')}
     GROUP BY id ORDER BY score DESC, id LIMIT $4 OFFSET $5
  )
  SELECT ${memberCardColumns('$2')}
    FROM ranked r JOIN users u ON u.id = r.id
   ORDER BY r.score DESC, u.id`;

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

  /** The threshold is set for this transaction only. */
  search(query: string, viewerId: number, limit: number, offset: number): Promise<MemberCard[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(SIMILARITY_THRESHOLD)]);
      const rows: MemberCardRow[] = await manager.query(USER_SEARCH_SQL, userSearchParameters(query, viewerId, limit, offset));
      return rows.map(memberCardOf);
    });
  }
}
