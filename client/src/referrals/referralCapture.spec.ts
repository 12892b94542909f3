import fc from 'fast-check';
import { REFERRAL_SOURCE_MAX_LENGTH } from '@shared/referrals/referral.js';
import { referralCaptureSchema } from '@shared/referrals/referral.schema.js';
import { referralCaptureOf } from './referralCapture.js';

/** Any UTF-16 text: NUL, lone surrogates and pairs included. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    fc.constant('\u0000'),
  ),
  maxLength: 700,
});

/** The cookie value as the effect writes it and as the server reads it back. */
function roundTrip(capture: unknown): unknown {
  return JSON.parse(decodeURIComponent(encodeURIComponent(JSON.stringify(capture))));
}

describe('the referral cookie the client writes', () => {
  it('is null without a referrer', () => {
    expect(referralCaptureOf('?rr1=x', 'https://surfex.test/', '')).toBeNull();
  });

  it('drops the NUL of ?rr1=%00, so the server stores the referral instead of failing every signup', () => {
    const capture = referralCaptureOf('?dem_rf0=alice&rr1=%00', 'https://surfex.test/?dem_rf0=alice&rr1=%00', '');
    expect(capture).toEqual({
      from: 'alice',
      referwebsite: { HTTP_REFERER: '', REQUEST_URI: '', href: 'https://surfex.test/?dem_rf0=alice&rr1=%00', docref: '' },
    });
    expect(referralCaptureSchema.safeParse(roundTrip(capture)).success).toBe(true);
  });

  it('cuts a long value before a surrogate pair rather than through it', () => {
    const rr1 = 'x'.repeat(REFERRAL_SOURCE_MAX_LENGTH - 1) + '😀';
    const capture = referralCaptureOf(`?dem_rf0=alice&rr1=${encodeURIComponent(rr1)}`, 'https://surfex.test/', '');
    expect(capture?.referwebsite.HTTP_REFERER).toBe('x'.repeat(REFERRAL_SOURCE_MAX_LENGTH - 1));
  });

  it('always holds values the server accepts, whatever the address, landing page and referrer', () => {
    fc.assert(
      fc.property(fc.constantFrom('alice', 'bob_2'), anyText, anyText, anyText, anyText, (from, rr1, rr2, href, docref) => {
        // URLSearchParams turns lone surrogates into U+FFFD, as a browser address does.
        const search = `?${new URLSearchParams({ dem_rf0: from, rr1, rr2 })}`;
        const capture = referralCaptureOf(search, href, docref);
        expect(referralCaptureSchema.safeParse(roundTrip(capture)).success).toBe(true);
      }),
      { seed: 20_261_124, numRuns: 300 },
    );
  });
});
