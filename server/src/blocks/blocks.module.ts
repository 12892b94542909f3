import { Global, Module } from '@nestjs/common';
import { BlocksController } from './blocks.controller.js';
import { BlocksRepository } from './blocks.repository.js';
import { BlocksService } from './blocks.service.js';

@Global()
@Module({ controllers: [BlocksController], providers: [BlocksService, BlocksRepository], exports: [BlocksRepository] })
export class BlocksModule {}
