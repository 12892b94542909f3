import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemberCard } from '@shared/people/people.js';
import { runPrepared, type PreparedStatement } from '../database/prepared.js';
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
 * Members found by a name, best first: the page `user_search_ranked` (sql/user_search_ranked.sql,
 * the scores and why each match is an index lookup) ranks, with their cards. Parameters:
 * `userSearchParameters`.
 */
export const USER_SEARCH: PreparedStatement = {
  name: 'user_search',
  text: `SELECT ${memberCardColumns('$2')}
    FROM user_search_ranked($1, $2, $3, $4, $5, $6, $7) r JOIN users u ON u.id = r.id
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
