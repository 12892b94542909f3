import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutboxEntity } from './mail-outbox.entity.js';
import { MailOutboxRepository } from './mail-outbox.repository.js';
import { MailService } from './mail.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntity])],
  providers: [MailService, MailOutboxRepository],
  exports: [MailService, MailOutboxRepository],
})
export class MailModule {}
