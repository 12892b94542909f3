import { Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { pageQuerySchema } from '@shared/accounts/account.schemas.js';
import type { ListPage } from '@shared/api/list-page.js';
import type { BookmarkedPost, BookmarkState } from '@shared/bookmarks/bookmarks.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { BookmarksService } from './bookmarks.service.js';

@Controller('bookmarks')
@Auth()
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  @Get()
  list(
    @CurrentAuth() auth: AuthContext,
    @Query(new ZodValidationPipe(pageQuerySchema)) { page }: { page: number },
  ): Promise<ListPage<BookmarkedPost>> {
    return this.bookmarks.page(auth.user.id, page);
  }

  @Get(':pid')
  state(@CurrentAuth() auth: AuthContext, @Param('pid', IdPipe) pid: number): Promise<BookmarkState> {
    return this.bookmarks.state(auth.user.id, pid);
  }

  @Put(':pid')
  save(@CurrentAuth() auth: AuthContext, @Param('pid', IdPipe) pid: number): Promise<BookmarkState> {
    return this.bookmarks.save(auth.user.id, pid);
  }

  @Delete(':pid')
  remove(@CurrentAuth() auth: AuthContext, @Param('pid', IdPipe) pid: number): Promise<BookmarkState> {
    return this.bookmarks.remove(auth.user.id, pid);
  }
}
