import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ErrorGroupEntity } from './error-group.entity.js';
import { ErrorGroupsRepository } from './error-groups.repository.js';
import { ErrorLogController } from './error-log.controller.js';
import { ErrorLog } from './error-log.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ErrorGroupEntity])],
  controllers: [ErrorLogController],
  providers: [ErrorLog, ErrorGroupsRepository],
  exports: [ErrorLog],
})
export class ErrorLogModule {}
