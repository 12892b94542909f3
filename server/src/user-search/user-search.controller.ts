import { Controller, Get, Query } from '@nestjs/common';
import type { ListPage } from '@shared/api/list-page.js';
import { type MemberCard } from '@shared/people/people.js';
import { userSearchQuerySchema, type UserSearchQuery } from '@shared/people/people.schemas.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { UserSearchService } from './user-search.service.js';

@Controller('userSearch')
export class UserSearchController {
  constructor(private readonly users: UserSearchService) {}

  @Get()
  @Auth()
  search(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(userSearchQuerySchema)) query: UserSearchQuery,
  ): Promise<ListPage<MemberCard>> {
    return this.users.find(auth.user.id, query);
  }
}
