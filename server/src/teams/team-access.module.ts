import { Global, Module } from '@nestjs/common';
import { TeamMembership } from '../auth/acting-team.js';
import { TeamAccessService } from './team-access.service.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * Who may act for which team: global, because the session guard of every module asks it (as
 * TeamMembership, which the guard declares and TeamAccessService answers).
 */
@Global()
@Module({
  providers: [TeamAccessService, TeamsRepository, { provide: TeamMembership, useExisting: TeamAccessService }],
  exports: [TeamAccessService, TeamsRepository, TeamMembership],
})
export class TeamAccessModule {}
