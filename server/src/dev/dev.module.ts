import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutboxEntity } from '../mail/mail-outbox.entity.js';
import { DevOutboxController } from './dev-outbox.controller.js';

@Module({ imports: [TypeOrmModule.forFeature([MailOutboxEntity])], controllers: [DevOutboxController] })
export class DevModule {}
