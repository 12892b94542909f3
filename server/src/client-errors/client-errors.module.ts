import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ErrorLogModule } from '../error-log/error-log.module.js';
import { ClientErrorEntity } from './client-error.entity.js';
import { ClientErrorsController } from './client-errors.controller.js';
import { ClientErrorsRepository } from './client-errors.repository.js';
import { ClientErrorsService } from './client-errors.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ClientErrorEntity]), ErrorLogModule],
  controllers: [ClientErrorsController],
  providers: [ClientErrorsService, ClientErrorsRepository],
  exports: [ClientErrorsRepository],
})
export class ClientErrorsModule {}
