import type { FastifyRequest } from 'fastify';
import { deviceOf } from './device-cookie.js';

/** Who is signing in, as a new session records it. */
export interface ClientMeta {
  userAgent: string;
  ip: string;
  /** The browser's device cookie (device-cookie.ts). */
  device: string;
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip, device: deviceOf(request) };
}
