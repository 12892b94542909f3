import { newPasswordErrors } from './newPasswordErrors.js';

describe('a new password typed twice', () => {
  it('passes when it follows the rules and both entries match', () => {
    expect(newPasswordErrors({ password: 'correct horse', repeat: 'correct horse' }, 'password', 'repeat')).toEqual({});
  });

  it('reports a too-short password beside the first field', () => {
    expect(newPasswordErrors({ password: 'short', repeat: 'short' }, 'password', 'repeat').password?.message).toMatch(
      /at least 8/,
    );
  });

  it('reports a missing or different repeat beside the second field', () => {
    expect(newPasswordErrors({ password: 'correct horse', repeat: '' }, 'password', 'repeat').repeat?.message).toBe(
      'Please type the new password again.',
    );
    expect(newPasswordErrors({ password: 'correct horse', repeat: 'correct hose' }, 'password', 'repeat').repeat?.message).toBe(
      'The two passwords are not the same.',
    );
  });
});
