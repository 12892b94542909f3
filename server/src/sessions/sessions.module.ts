import { Global, Module } from '@nestjs/common';
import { MemberCache } from './member-cache.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

@Global()
@Module({ providers: [SessionsService, SessionsRepository, MemberCache], exports: [SessionsService, MemberCache] })
export class SessionsModule {}
