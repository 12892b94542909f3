import { Module } from '@nestjs/common';
import { DevOutboxController } from './dev-outbox.controller.js';
import { DevOutboxService } from './dev-outbox.service.js';

@Module({ controllers: [DevOutboxController], providers: [DevOutboxService] })
export class DevModule {}
