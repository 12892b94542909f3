import { Injectable } from '@nestjs/common';
import type { ListPage } from '@shared/api/list-page.js';
import { MEMBER_PAGE_SIZE, type MemberCard } from '@shared/people/people.js';
import { type UserSearchQuery } from '@shared/people/people.schemas.js';
import { UserSearchRepository } from './user-search.repository.js';

@Injectable()
export class UserSearchService {
  constructor(private readonly search: UserSearchRepository) {}

  /** Best match first; one row more than a page tells whether there is a next one. */
  async find(viewerId: number, { q, page }: UserSearchQuery): Promise<ListPage<MemberCard>> {
    const rows = await this.search.search(q, viewerId, MEMBER_PAGE_SIZE + 1, (page - 1) * MEMBER_PAGE_SIZE);
    return { items: rows.slice(0, MEMBER_PAGE_SIZE), page, hasMore: rows.length > MEMBER_PAGE_SIZE };
  }
}
