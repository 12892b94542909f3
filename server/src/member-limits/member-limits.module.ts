import { Global, Module } from '@nestjs/common';
import { MemberLimitsRepository } from './member-limits.repository.js';
import { MemberLimits } from './member-limits.service.js';

@Global()
@Module({ providers: [MemberLimits, MemberLimitsRepository], exports: [MemberLimits] })
export class MemberLimitsModule {}
