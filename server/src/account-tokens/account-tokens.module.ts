import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountTokenEntity } from './account-token.entity.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { AccountTokensService } from './account-tokens.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AccountTokenEntity])],
  providers: [AccountTokensService, AccountTokensRepository],
  exports: [AccountTokensService],
})
export class AccountTokensModule {}
