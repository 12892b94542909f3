import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CURRENT_TEAM_HEADER, SOCKET_ID_HEADER } from '@shared/api/headers.js';

/** What the protocol headers say about a request. */
export interface RequestContext {
  /** The team the user acts for, from the current-team header; null when absent or malformed. */
  teamId: number | null;
  /** The Socket.IO connection the request comes from, from the socket-id header. */
  socketId: string | null;
}

const SOCKET_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A malformed team header is ignored rather than refused: it comes from the browser's local
 * storage, and refusing it would lock the user out until they cleared it.
 */
export function parseRequestContext(headers: FastifyRequest['headers']): RequestContext {
  const team = single(headers[CURRENT_TEAM_HEADER]);
  const socket = single(headers[SOCKET_ID_HEADER]);
  const teamId = team && /^[1-9]\d{0,9}$/.test(team) ? Number(team) : null;
  return {
    teamId: teamId !== null && teamId <= 2_147_483_647 ? teamId : null,
    socketId: socket && SOCKET_ID_PATTERN.test(socket) ? socket : null,
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Controller parameter: `@Ctx() context: RequestContext`, read from the headers when a handler asks for it. */
export const Ctx = createParamDecorator((_data: unknown, execution: ExecutionContext): RequestContext =>
  parseRequestContext(execution.switchToHttp().getRequest<FastifyRequest>().headers),
);
