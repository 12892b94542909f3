import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import {
  groupInviteSchema,
  groupModerationActionSchema,
  groupRoleSchema,
  groupSchema,
  groupSearchSchema,
  type GroupAnswer,
  type GroupInviteItem,
  type GroupInvitePayload,
  type GroupJoinAnswer,
  type GroupMembersAnswer,
  type GroupModerationAction,
  type GroupPayload,
  type GroupRolePayload,
  type GroupsOverview,
} from '@shared/groups/groups.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { GroupInvitesService } from './group-invites.service.js';
import { GroupModerationService } from './group-moderation.service.js';
import { GroupsService } from './groups.service.js';

@Controller('groups')
export class GroupsController {
  constructor(
    private readonly groups: GroupsService,
    private readonly moderation: GroupModerationService,
    private readonly invites: GroupInvitesService,
  ) {}

  @Get()
  @Auth()
  overview(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(groupSearchSchema)) { q }: { q: string },
  ): Promise<GroupsOverview> {
    return this.groups.overview(auth.user.id, q);
  }

  @Post()
  @HttpCode(200)
  @Auth()
  create(
    @CurrentAuth() auth: AuthContext,
    @Body(new ZodValidationPipe(groupSchema)) payload: GroupPayload,
  ): Promise<GroupAnswer> {
    return this.groups.create(auth.user.id, payload);
  }

  /** Visitors too: a group's header is public; its members and posts follow its visibility. */
  @Get(':slug')
  @Auth('optional')
  group(@CurrentAuth() auth: AuthContext | null, @Param('slug') slug: string): Promise<GroupAnswer> {
    return this.groups.group(slug, auth?.user.id ?? null);
  }

  @Put(':slug')
  @Auth()
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Body(new ZodValidationPipe(groupSchema)) payload: GroupPayload,
  ): Promise<GroupAnswer> {
    return this.groups.update(auth.user.id, slug, payload);
  }

  @Delete(':slug')
  @Auth()
  async remove(@CurrentAuth() auth: AuthContext, @Param('slug') slug: string): Promise<null> {
    await this.groups.remove(auth.user.id, slug);
    return null;
  }

  @Post(':slug/join')
  @HttpCode(200)
  @Auth()
  join(@CurrentAuth() auth: AuthContext, @Param('slug') slug: string): Promise<GroupJoinAnswer> {
    return this.groups.join(auth.user.id, slug);
  }

  @Post(':slug/leave')
  @HttpCode(200)
  @Auth()
  async leave(@CurrentAuth() auth: AuthContext, @Param('slug') slug: string): Promise<null> {
    await this.groups.leave(auth.user.id, slug);
    return null;
  }

  @Get(':slug/members')
  @Auth('optional')
  members(
    @CurrentAuth() auth: AuthContext | null,
    @Param('slug') slug: string,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<GroupMembersAnswer> {
    return this.groups.members(slug, auth?.user.id ?? null, page);
  }

  @Post(':slug/members/:userId/:action')
  @HttpCode(200)
  @Auth()
  moderate(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Param('userId', IdPipe) userId: number,
    @Param('action', new ZodValidationPipe(groupModerationActionSchema)) action: GroupModerationAction,
  ): Promise<GroupMembersAnswer> {
    return this.moderation.act(auth.user.id, slug, userId, action);
  }

  @Put(':slug/members/:userId/role')
  @Auth()
  setRole(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Param('userId', IdPipe) userId: number,
    @Body(new ZodValidationPipe(groupRoleSchema)) { role }: GroupRolePayload,
  ): Promise<GroupMembersAnswer> {
    return this.moderation.setRole(auth.user.id, slug, userId, role);
  }

  @Get(':slug/invites')
  @Auth()
  invitesOf(@CurrentAuth() auth: AuthContext, @Param('slug') slug: string): Promise<GroupInviteItem[]> {
    return this.invites.list(auth.user.id, slug);
  }

  @Post(':slug/invites')
  @HttpCode(200)
  @Auth()
  createInvite(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Body(new ZodValidationPipe(groupInviteSchema)) payload: GroupInvitePayload,
  ): Promise<GroupInviteItem> {
    return this.invites.create(auth.user.id, slug, payload);
  }

  @Delete(':slug/invites/:inviteId')
  @Auth()
  revokeInvite(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Param('inviteId', IdPipe) inviteId: number,
  ): Promise<GroupInviteItem[]> {
    return this.invites.revoke(auth.user.id, slug, inviteId);
  }

  @Post(':slug/invites/:inviteId/rotate')
  @HttpCode(200)
  @Auth()
  rotateInvite(
    @CurrentAuth() auth: AuthContext,
    @Param('slug') slug: string,
    @Param('inviteId', IdPipe) inviteId: number,
  ): Promise<GroupInviteItem> {
    return this.invites.rotate(auth.user.id, slug, inviteId);
  }
}
