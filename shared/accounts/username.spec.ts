import { signupSchema, usernameSchema } from './account.schemas.js';

const messagesOf = (value: string) => usernameSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('usernameSchema', () => {
  it('refuses the reserved social codes u and g in any case, with one clear message', () => {
    for (const name of ['u', 'g', 'U', ' G ']) {
      expect(messagesOf(name)).toEqual(['This name is reserved. Please choose another one.']);
    }
  });

  it('still explains the length rule for other short names and accepts ordinary ones', () => {
    expect(messagesOf('ab')).toEqual(['Use 3 to 24 letters, digits or underscores.']);
    expect(messagesOf('ug')).toEqual(['Use 3 to 24 letters, digits or underscores.']);
    expect(usernameSchema.parse(' alice ')).toBe('alice');
  });

  it('names the username field when signup refuses a reserved code', () => {
    const result = signupSchema.safeParse({ username: 'g', first_name: 'G', email: 'g@example.test', password: 'long enough' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', 'This name is reserved. Please choose another one.'],
    ]);
  });
});
