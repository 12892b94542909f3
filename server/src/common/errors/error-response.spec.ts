import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode } from '@shared/api/error-codes.js';
import { AppError } from './app-error.js';
import { toErrorResponse } from './error-response.js';

describe('mapping failures to the envelope', () => {
  it('keeps an AppError as its status and user-facing text', () => {
    const response = toErrorResponse(
      new AppError(ErrorCode.Conflict, 'Taken', 'That username is taken.', { link: '/login' }),
      'r1',
    );
    expect(response).toEqual({
      status: 409,
      errors: [{ code: 'conflict', heading: 'Taken', message: 'That username is taken.', link: '/login' }],
      unexpected: false,
    });
  });

  it('gives one 400 item per bad field', () => {
    const result = z.object({ name: z.string().min(2), age: z.number() }).safeParse({ name: 'a', age: 'x' });
    const response = toErrorResponse(result.error, 'r2');
    expect(response.status).toBe(400);
    expect(response.errors.map(({ code, field, heading }) => ({ code, field, heading }))).toEqual([
      { code: 'validation', field: 'name', heading: 'Invalid name' },
      { code: 'validation', field: 'age', heading: 'Invalid age' },
    ]);
  });

  it('answers framework 4xx errors with a generic text of their status', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /data/x'), 'r3')).toMatchObject({
      status: 404,
      errors: [{ code: 'not_found' }],
      unexpected: false,
    });
    expect(
      toErrorResponse(Object.assign(new Error('Request body is too large'), { statusCode: 413 }), 'r4').errors[0].message,
    ).not.toMatch(/body is too large/);
  });

  it('hides an unexpected error behind a generic message with the request id', () => {
    const response = toErrorResponse(new Error('duplicate key value violates unique constraint "users_pkey"'), 'req-42');
    expect(response.status).toBe(500);
    expect(response.unexpected).toBe(true);
    expect(JSON.stringify(response.errors)).not.toMatch(/duplicate key|users_pkey/);
    expect(response.errors[0]).toMatchObject({ code: 'internal', message: expect.stringContaining('req-42') });
  });
});
