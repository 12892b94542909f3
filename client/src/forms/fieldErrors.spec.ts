import type { ApiError } from '@shared/api/envelope.js';
import { errorsOrFallback, issuesToFieldErrors, splitApiErrors } from './fieldErrors.js';

describe('form errors', () => {
  const fields = ['username', 'email', 'password'] as const;

  it('keeps the first schema message of each known field', () => {
    const issues = [
      { path: ['username'], message: 'Too short.' },
      { path: ['username'], message: 'Bad characters.' },
      { path: ['email'], message: 'Not an email.' },
      { path: ['somethingElse'], message: 'Ignored.' },
    ];
    expect(issuesToFieldErrors(issues, fields)).toEqual({
      username: { message: 'Too short.' },
      email: { message: 'Not an email.' },
    });
  });

  it('puts a server error naming a field of the form beside that field, with its link', () => {
    const split = splitApiErrors(
      [
        { code: 'conflict', field: 'username', heading: 'Invalid username', message: 'That username is taken.' },
        { code: 'conflict', field: 'email', heading: 'Taken', message: 'An account uses this address.', link: '/password/reset' },
        { code: 'validation', field: 'firstName', heading: 'Invalid firstName', message: 'Not on this form.' },
        { code: 'bad_request', heading: 'Invalid request', message: 'Could not read it.' },
        { code: 'validation', heading: 'Login failed', message: 'Wrong password.' },
      ],
      fields,
    );
    expect(split.fields).toEqual({
      username: { message: 'That username is taken.' },
      email: { message: 'An account uses this address.', link: '/password/reset' },
    });
    expect(split.form.map((error) => error.heading)).toEqual(['Invalid firstName', 'Invalid request', 'Login failed']);
  });

  it('says something useful when a failure came without errors', () => {
    expect(errorsOrFallback([], 0)[0]).toMatchObject({ code: 'unreachable', heading: 'No connection' });
    expect(errorsOrFallback([], 500)[0]).toMatchObject({ code: 'internal', heading: 'Something went wrong' });
    const own: ApiError[] = [{ code: 'rate_limited', heading: 'Slow down', message: 'Try again in 3 minutes.', retryAfter: 180 }];
    expect(errorsOrFallback(own, 429)).toEqual(own);
  });
});
