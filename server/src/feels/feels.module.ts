import { Module } from '@nestjs/common';
import { FeelsController } from './feels.controller.js';
import { FeelsRepository } from './feels.repository.js';
import { FeelsService } from './feels.service.js';

@Module({ controllers: [FeelsController], providers: [FeelsService, FeelsRepository] })
export class FeelsModule {}
