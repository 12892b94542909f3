import { Controller, Delete, Param, Put } from '@nestjs/common';
import type { FollowState } from '@shared/people/people.js';
import { Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { FollowsService } from './follows.service.js';

@Controller('members')
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Put(':id/follow')
  @Auth()
  follow(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<FollowState> {
    return this.follows.follow(auth.user, id);
  }

  @Delete(':id/follow')
  @Auth()
  unfollow(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number): Promise<FollowState> {
    return this.follows.unfollow(auth.user, id);
  }
}
