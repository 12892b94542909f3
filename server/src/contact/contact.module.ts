import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller.js';
import { ContactAdminController } from './contact-admin.controller.js';
import { ContactRepository } from './contact.repository.js';
import { ContactService } from './contact.service.js';

@Module({ controllers: [ContactController, ContactAdminController], providers: [ContactService, ContactRepository] })
export class ContactModule {}
