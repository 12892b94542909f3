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

  it('puts a server error headed "Invalid <field>" beside that field, with its link', () => {
    const split = splitApiErrors(
      [
        { heading: 'Invalid username', message: 'That username is taken.' },
        { heading: 'Invalid email', message: 'An account uses this address.', link: '/password/reset' },
        { heading: 'Invalid request', message: 'Could not read it.' },
        { heading: 'Login failed', message: 'Wrong password.' },
      ],
      fields,
    );
    expect(split.fields).toEqual({
      username: { message: 'That username is taken.' },
      email: { message: 'An account uses this address.', link: '/password/reset' },
    });
    expect(split.form.map((error) => error.heading)).toEqual(['Invalid request', 'Login failed']);
  });

  it('says something useful when a failure came without errors', () => {
    expect(errorsOrFallback([], 0)[0].heading).toBe('No connection');
    expect(errorsOrFallback([], 500)[0].heading).toBe('Something went wrong');
    const own = [{ heading: 'Slow down', message: 'Try again in 3 minutes.' }];
    expect(errorsOrFallback(own, 429)).toEqual(own);
  });
});
