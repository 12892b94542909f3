import { Module } from '@nestjs/common';
import { TeamCreditsService } from './team-credits.service.js';
import { TeamEvents } from './team-events.service.js';
import { TeamInvitesController } from './team-invites.controller.js';
import { TeamInvitesService } from './team-invites.service.js';
import { TeamsController } from './teams.controller.js';
import { TeamsService } from './teams.service.js';

@Module({
  controllers: [TeamsController, TeamInvitesController],
  providers: [TeamsService, TeamInvitesService, TeamCreditsService, TeamEvents],
})
export class TeamsModule {}
