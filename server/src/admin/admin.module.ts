import { Module } from '@nestjs/common';
import { ClientErrorsModule } from '../client-errors/client-errors.module.js';
import { AdminController } from './admin.controller.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService } from './admin.service.js';

@Module({ imports: [ClientErrorsModule], controllers: [AdminController], providers: [AdminService, AdminRepository] })
export class AdminModule {}
