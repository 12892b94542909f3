import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StartAnswer } from '@shared/start/start.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { StartService } from './start.service.js';

@Controller('start')
export class StartController {
  constructor(private readonly startService: StartService) {}

  @Get()
  @Auth('optional')
  start(@CurrentAuth() auth: AuthContext | null, @Req() request: FastifyRequest): Promise<StartAnswer> {
    return this.startService.start(auth, request.ip);
  }
}
