import { Controller, Get, Param, Query } from '@nestjs/common';
import type { PostStats, StatsOverview } from '@shared/stats/stats.js';
import { statsQuerySchema, type StatsQuery } from '@shared/stats/stats-query.js';
import type { ActingTeam } from '../auth/acting-team.js';
import { ActingTeamOf, Auth, CurrentAuth } from '../auth/auth.decorators.js';
import { IdPipe } from '../common/validation/id.pipe.js';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe.js';
import type { AuthContext } from '../sessions/auth-context.js';
import { StatsService } from './stats.service.js';

@Controller('stats')
@Auth()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('overview')
  overview(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Query(new ZodValidationPipe(statsQuerySchema)) query: StatsQuery,
  ): Promise<StatsOverview> {
    return this.stats.overview(auth.user.id, team, query);
  }

  @Get('posts/:pid')
  post(
    @CurrentAuth() auth: AuthContext,
    @ActingTeamOf() team: ActingTeam | null,
    @Param('pid', IdPipe) pid: number,
    @Query(new ZodValidationPipe(statsQuerySchema)) query: StatsQuery,
  ): Promise<PostStats> {
    return this.stats.post(auth.user.id, team, pid, query);
  }
}
