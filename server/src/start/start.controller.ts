import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StartAnswer } from '@shared/start/start.js';
import { Auth, IgnoresStaleTeam } from '../auth/auth.decorators.js';
import { StartService } from './start.service.js';

@Controller('start')
export class StartController {
  constructor(private readonly startService: StartService) {}

  /** The request alone, read for its session, team and address: every boot calls this, and each parameter decorator costs a call. */
  @Get()
  @Auth('optional')
  @IgnoresStaleTeam()
  start(@Req() request: FastifyRequest): Promise<StartAnswer> {
    return this.startService.start(request.auth, request.actingTeam, request.ip);
  }
}
