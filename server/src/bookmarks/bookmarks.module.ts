import { Module } from '@nestjs/common';
import { BookmarksController } from './bookmarks.controller.js';
import { BookmarksRepository } from './bookmarks.repository.js';
import { BookmarksService } from './bookmarks.service.js';

/** Exports BookmarksService for feeds that show whether each post is saved (`bookmarkedAmong`). */
@Module({ controllers: [BookmarksController], providers: [BookmarksService, BookmarksRepository], exports: [BookmarksService] })
export class BookmarksModule {}
