import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { TeamDetail, TeamInvitePreview } from '@shared/teams/teams.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { TeamInvitesService } from './team-invites.service.js';

/** /data/team-invites/<token>: the mailed invitation link, for the invited account. */
@Controller('team-invites')
@Auth()
export class TeamInvitesController {
  constructor(private readonly invites: TeamInvitesService) {}

  @Get(':token')
  preview(@CurrentAuth() auth: AuthContext, @Param('token') token: string): Promise<TeamInvitePreview> {
    return this.invites.preview(auth.user.id, token);
  }

  @Post(':token/accept')
  @HttpCode(200)
  accept(@CurrentAuth() auth: AuthContext, @Param('token') token: string): Promise<TeamDetail> {
    return this.invites.accept(auth.user.id, token);
  }

  @Post(':token/decline')
  @HttpCode(200)
  async decline(@CurrentAuth() auth: AuthContext, @Param('token') token: string): Promise<null> {
    await this.invites.decline(auth.user.id, token);
    return null;
  }
}
