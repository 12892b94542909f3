import { Module } from '@nestjs/common';
import { StartController } from './start.controller.js';
import { StartService } from './start.service.js';

@Module({ controllers: [StartController], providers: [StartService] })
export class StartModule {}
