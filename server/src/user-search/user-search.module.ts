import { Module } from '@nestjs/common';
import { UserSearchController } from './user-search.controller.js';
import { UserSearchRepository } from './user-search.repository.js';
import { UserSearchService } from './user-search.service.js';

@Module({ controllers: [UserSearchController], providers: [UserSearchService, UserSearchRepository] })
export class UserSearchModule {}
