import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServerErrorRecorder } from '../common/errors/server-error-recorder.js';
import { ErrorGroupEntity } from './error-group.entity.js';
import { ErrorGroupsRepository } from './error-groups.repository.js';
import { ErrorLogController } from './error-log.controller.js';
import { ErrorLog } from './error-log.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ErrorGroupEntity])],
  controllers: [ErrorLogController],
  providers: [ErrorLog, ErrorGroupsRepository, { provide: ServerErrorRecorder, useExisting: ErrorLog }],
  exports: [ErrorLog, ServerErrorRecorder],
})
export class ErrorLogModule {}
