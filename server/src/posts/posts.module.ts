import { Global, Module } from '@nestjs/common';
import { PostsController } from './posts.controller.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService } from './posts.service.js';

@Global()
@Module({ controllers: [PostsController], providers: [PostsService, PostsRepository], exports: [PostsRepository] })
export class PostsModule {}
