import { Global, Module } from '@nestjs/common';
import { MemberCache } from './member-cache.js';
import { SessionsService } from './sessions.service.js';

@Global()
@Module({ providers: [SessionsService, MemberCache], exports: [SessionsService, MemberCache] })
export class SessionsModule {}
