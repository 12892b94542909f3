import { Controller, Get, Param, Query } from '@nestjs/common';
import type { ProfileAnswer } from '@shared/accounts/account.answers.js';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import type { ListPage } from '@shared/api/list-page.js';
import type { MemberCard, ProfileGroup } from '@shared/people/people.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { ProfileService } from './profile.service.js';

const pageQuery = new ZodValidationPipe(pageQuerySchema);

@Controller('profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get(':username')
  @Auth('optional')
  profile(@CurrentAuth() auth: AuthContext | null, @Param('username') username: string): Promise<ProfileAnswer> {
    return this.profiles.profile(username, auth?.user.id ?? null);
  }

  @Get(':username/followers')
  @Auth('optional')
  followers(
    @CurrentAuth() auth: AuthContext | null,
    @Param('username') username: string,
    @Query(pageQuery) { page }: { page: number },
  ): Promise<ListPage<MemberCard>> {
    return this.profiles.followers(username, auth?.user.id ?? null, page);
  }

  @Get(':username/following')
  @Auth('optional')
  following(
    @CurrentAuth() auth: AuthContext | null,
    @Param('username') username: string,
    @Query(pageQuery) { page }: { page: number },
  ): Promise<ListPage<MemberCard>> {
    return this.profiles.following(username, auth?.user.id ?? null, page);
  }

  @Get(':username/groups')
  @Auth('optional')
  groups(
    @CurrentAuth() auth: AuthContext | null,
    @Param('username') username: string,
    @Query(pageQuery) { page }: { page: number },
  ): Promise<ListPage<ProfileGroup>> {
    return this.profiles.groupsOf(username, auth?.user.id ?? null, page);
  }
}
