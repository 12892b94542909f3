import { Global, Module } from '@nestjs/common';
import { TeamAccessService } from './team-access.service.js';
import { TeamsRepository } from './teams.repository.js';

/** Who may act for which team: global, because the session guard of every module asks it. */
@Global()
@Module({ providers: [TeamAccessService, TeamsRepository], exports: [TeamAccessService, TeamsRepository] })
export class TeamAccessModule {}
