import { Global, Module } from '@nestjs/common';
import { AccountTokensService } from './account-tokens.service.js';

@Global()
@Module({ providers: [AccountTokensService], exports: [AccountTokensService] })
export class AccountTokensModule {}
