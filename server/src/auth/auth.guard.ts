import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { parseRequestContext } from '../common/http/request-context.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { TeamMembership } from './acting-team.js';
import { AUTH_LEVEL, STALE_TEAM_IGNORED, type AuthLevel } from './auth-level.js';
import { readSessionCookies, SESSION_COOKIE } from './session-cookies.js';

/**
 * Resolves the session cookie for routes that declare `@Auth()`: no cookie on a member route
 * is 401; a cookie of a revoked, expired or unknown session is 406 (the client then logs out);
 * a member on an admin route is 403. A signed-in request's `X-Current-Team` is checked against
 * the team's members (cached, dropped on every membership change): an active member acts for the
 * team with their role (`request.actingTeam`); any other team is 403 `team_forbidden` before the
 * handler runs, so nothing changes.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly teams: TeamMembership,
  ) {}

  /** Each route's @Auth() level (by controller class, then handler), read from metadata once rather than on every call. */
  private readonly levels = new WeakMap<object, Map<object, AuthLevel | undefined>>();
  private readonly staleTeamIgnored = new WeakMap<object, boolean>();

  async canActivate(execution: ExecutionContext): Promise<boolean> {
    const level = this.levelOf(execution);
    if (!level) return true;
    const request = execution.switchToHttp().getRequest<FastifyRequest>();
    request.actingTeam = null;
    const { active } = readSessionCookies(request);
    request.auth = active ? await this.sessions.authenticate(active) : null;

    if (active && !request.auth) {
      // Forget the dead token too, so the client's next call starts clean as a visitor.
      execution.switchToHttp().getResponse<FastifyReply>().clearCookie(SESSION_COOKIE, { path: '/' });
      throw new AppError(ErrorCode.SessionRevoked, 'Session ended', 'Your session has ended. Please log in again.');
    }
    if (level === 'optional') {
      if (request.auth) await this.resolveTeam(request, execution);
      return true;
    }
    if (!request.auth) {
      throw new AppError(ErrorCode.Unauthenticated, 'Please log in', 'You need to be logged in to do this.');
    }
    if (level === 'admin' && request.auth.user.role !== 'admin') {
      throw new AppError(ErrorCode.Forbidden, 'Not allowed', 'This is for administrators only.');
    }
    await this.resolveTeam(request, execution);
    return true;
  }

  private async resolveTeam(request: FastifyRequest, execution: ExecutionContext): Promise<void> {
    const { teamId } = parseRequestContext(request.headers);
    if (teamId === null) return;
    const userId = request.auth!.user.id;
    if (!this.ignoresStaleTeam(execution)) {
      request.actingTeam = await this.teams.actingTeam(userId, teamId);
      return;
    }
    const team = await this.teams.currentTeam(userId, teamId);
    request.actingTeam = team ? { id: team.id, role: team.role } : null;
  }

  private ignoresStaleTeam(execution: ExecutionContext): boolean {
    const handler = execution.getHandler();
    let ignored = this.staleTeamIgnored.get(handler);
    if (ignored === undefined) {
      ignored = this.reflector.get<boolean | undefined>(STALE_TEAM_IGNORED, handler) === true;
      this.staleTeamIgnored.set(handler, ignored);
    }
    return ignored;
  }

  private levelOf(execution: ExecutionContext): AuthLevel | undefined {
    const controller = execution.getClass();
    const handler = execution.getHandler();
    let byHandler = this.levels.get(controller);
    if (!byHandler) this.levels.set(controller, (byHandler = new Map()));
    if (!byHandler.has(handler)) {
      byHandler.set(handler, this.reflector.getAllAndOverride<AuthLevel | undefined>(AUTH_LEVEL, [handler, controller]));
    }
    return byHandler.get(handler);
  }
}
