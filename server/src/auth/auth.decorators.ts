import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../sessions/auth-context.js';

/**
 * Who may call a route. 'optional' resolves the user when there is one (a stale cookie still
 * answers 406 so the client logs out cleanly); routes without the decorator ignore sessions.
 */
export type AuthLevel = 'optional' | 'member' | 'admin';
export const AUTH_LEVEL = 'authLevel';
export const Auth = (level: AuthLevel = 'member') => SetMetadata(AUTH_LEVEL, level);

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** `@CurrentAuth() auth: AuthContext` on a member route; null on an optional one for visitors. */
export const CurrentAuth = createParamDecorator(
  (_data: unknown, execution: ExecutionContext): AuthContext | null =>
    execution.switchToHttp().getRequest<FastifyRequest>().auth ?? null,
);
