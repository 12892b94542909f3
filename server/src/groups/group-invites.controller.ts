import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { GroupJoinAnswer, InvitePreview } from '@shared/groups/groups.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { GroupInvitesService } from './group-invites.service.js';

/** /groups/:code/join: what a code joins, and joining with it. */
@Controller('group-invites')
@Auth()
export class GroupInvitesController {
  constructor(private readonly invites: GroupInvitesService) {}

  @Get(':code')
  preview(@CurrentAuth() auth: AuthContext, @Param('code') code: string): Promise<InvitePreview> {
    return this.invites.preview(code, auth.user.id);
  }

  @Post(':code/join')
  @HttpCode(200)
  join(@CurrentAuth() auth: AuthContext, @Param('code') code: string): Promise<GroupJoinAnswer> {
    return this.invites.join(auth.user.id, code);
  }
}
