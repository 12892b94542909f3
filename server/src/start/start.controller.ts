import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StartAnswer } from '@shared/start/start.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { ActingTeamOf, Auth, CurrentAuth, IgnoresStaleTeam } from '../auth/auth.decorators.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { StartService } from './start.service.js';

@Controller('start')
export class StartController {
  constructor(private readonly startService: StartService) {}

  @Get()
  @Auth('optional')
  @IgnoresStaleTeam()
  start(
    @CurrentAuth() auth: AuthContext | null,
    @ActingTeamOf() team: ActingTeam | null,
    @Req() request: FastifyRequest,
  ): Promise<StartAnswer> {
    return this.startService.start(auth, team, request.ip);
  }
}
