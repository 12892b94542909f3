import { Module } from '@nestjs/common';
import { SitePagesAdminController, SitePagesController } from './site-pages.controller.js';
import { SitePagesRepository } from './site-pages.repository.js';
import { SitePagesService } from './site-pages.service.js';

@Module({ controllers: [SitePagesController, SitePagesAdminController], providers: [SitePagesService, SitePagesRepository] })
export class SitePagesModule {}
