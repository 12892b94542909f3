import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from './auth.service.js';
import { deviceOf } from './device-cookie.js';

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip, device: deviceOf(request) };
}
