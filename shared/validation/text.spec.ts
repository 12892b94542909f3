import { surfClaimSchema } from '../surf/surf.js';
import { referralCaptureSchema } from '../referrals/referral.schema.js';
import { signupSchema } from '../accounts/account.schemas.js';
import { isStorableText, toStorableText } from './storable-text.js';
import { text } from './text.js';

describe('text PostgreSQL can store', () => {
  it.each([
    ['plain text', 'hello', true],
    ['a surrogate pair (an emoji)', 'ok 😀', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800', false],
    ['a lone low surrogate', '\udc00b', false],
    ['a pair in the wrong order', '\ude00\ud83d', false],
  ])('%s', (_name, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
    expect(text().safeParse(value).success).toBe(storable);
  });

  it('is refused with one message, and the usual string checks still chain', () => {
    const result = text().trim().min(5).safeParse(' a\u0000 ');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['This text contains a character that is not allowed.']);
    expect(text().trim().max(3).parse('  ab  ')).toBe('ab');
  });

  it('is what every string of the payload schemas must be', () => {
    const signup = { username: 'alice_1', first_name: 'Alice', email: 'alice@example.test', password: 'correct horse battery' };
    expect(signupSchema.safeParse(signup).success).toBe(true);
    expect(signupSchema.safeParse({ ...signup, first_name: 'Al\u0000ice' }).success).toBe(false);
    expect(signupSchema.safeParse({ ...signup, password: 'correct horse \ud800' }).success).toBe(false);
    const source = { HTTP_REFERER: '', REQUEST_URI: '', href: '', docref: '' };
    expect(referralCaptureSchema.safeParse({ from: 'alice', referwebsite: { ...source, HTTP_REFERER: '\u0000' } }).success).toBe(
      false,
    );
    expect(referralCaptureSchema.safeParse({ from: 'alice', referwebsite: { ...source, docref: '\udfff' } }).success).toBe(false);
    const claim = {
      ticketId: '550e8400-e29b-41d4-a716-446655440000',
      telemetry: {
        x: 1,
        y: 1,
        clickDelayMs: 500,
        intervalMs: null,
        target: { x: 0, y: 0, width: 10, height: 10 },
        isTrusted: true,
        keyEvent: false,
        visible: true,
      },
    };
    expect(surfClaimSchema.safeParse({ ...claim, code: 'AB12' }).success).toBe(true);
    expect(surfClaimSchema.safeParse({ ...claim, code: 'AB\u000012' }).success).toBe(false);
  });
});

describe('making text storable', () => {
  it('drops NUL and replaces lone surrogates, keeping pairs', () => {
    expect(toStorableText('a\u0000b\ud800c😀', 100)).toBe('ab\ufffdc😀');
  });

  it('cuts to the length without splitting a surrogate pair', () => {
    expect(toStorableText('ab😀', 3)).toBe('ab');
    expect(toStorableText('ab😀', 4)).toBe('ab😀');
    expect(toStorableText('abcdef', 4)).toBe('abcd');
  });
});
