import { Module } from '@nestjs/common';
import { GroupInvitesController } from './group-invites.controller.js';
import { GroupInvitesRepository } from './group-invites.repository.js';
import { GroupInvitesService } from './group-invites.service.js';
import { GroupRoomsService } from './group-rooms.service.js';
import { GroupModerationService } from './group-moderation.service.js';
import { GroupsController } from './groups.controller.js';
import { GroupsRepository } from './groups.repository.js';
import { GroupsService } from './groups.service.js';

@Module({
  controllers: [GroupsController, GroupInvitesController],
  providers: [
    GroupsService,
    GroupsRepository,
    GroupModerationService,
    GroupInvitesService,
    GroupInvitesRepository,
    GroupRoomsService,
  ],
  exports: [GroupsRepository],
})
export class GroupsModule {}
