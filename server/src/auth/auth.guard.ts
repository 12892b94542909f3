import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from '../common/errors/app-error.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AUTH_LEVEL, type AuthLevel } from './auth-level.js';
import { readSessionCookies, SESSION_COOKIE } from './session-cookies.js';

/**
 * Resolves the session cookie for routes that declare `@Auth()`: no cookie on a member route
 * is 401; a cookie of a revoked, expired or unknown session is 406 (the client then logs out);
 * a member on an admin route is 403.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  /** Each route's @Auth() level (by controller class, then handler), read from metadata once rather than on every call. */
  private readonly levels = new WeakMap<object, Map<object, AuthLevel | undefined>>();

  async canActivate(execution: ExecutionContext): Promise<boolean> {
    const level = this.levelOf(execution);
    if (!level) return true;
    const request = execution.switchToHttp().getRequest<FastifyRequest>();
    const { active } = readSessionCookies(request);
    request.auth = active ? await this.sessions.authenticate(active) : null;

    if (active && !request.auth) {
      // Forget the dead token too, so the client's next call starts clean as a visitor.
      execution.switchToHttp().getResponse<FastifyReply>().clearCookie(SESSION_COOKIE, { path: '/' });
      throw new AppError(ErrorCode.SessionRevoked, 'Session ended', 'Your session has ended. Please log in again.');
    }
    if (level === 'optional') return true;
    if (!request.auth) {
      throw new AppError(ErrorCode.Unauthenticated, 'Please log in', 'You need to be logged in to do this.');
    }
    if (level === 'admin' && request.auth.user.role !== 'admin') {
      throw new AppError(ErrorCode.Forbidden, 'Not allowed', 'This is for administrators only.');
    }
    return true;
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
