import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientErrorEntity } from './client-error.entity.js';
import { ClientErrorsController } from './client-errors.controller.js';
import { ClientErrorsRepository } from './client-errors.repository.js';
import { ClientErrorsService } from './client-errors.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ClientErrorEntity])],
  controllers: [ClientErrorsController],
  providers: [ClientErrorsService, ClientErrorsRepository],
  exports: [ClientErrorsRepository],
})
export class ClientErrorsModule {}
