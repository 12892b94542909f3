import { Global, Module } from '@nestjs/common';
import { CommentsController } from './comments.controller.js';
import { CommentsRepository } from './comments.repository.js';
import { CommentsService } from './comments.service.js';

@Global()
@Module({ controllers: [CommentsController], providers: [CommentsService, CommentsRepository], exports: [CommentsRepository] })
export class CommentsModule {}
