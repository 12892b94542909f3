import { ErrorCode } from '@shared/api/error-codes.js';
import { apiErrorLink, apiErrorText, LEVELS_PATH } from './apiErrorText.js';

describe('campaign refusals', () => {
  it('says how many campaigns the level runs and points to the levels when the active campaigns limit refuses', () => {
    const errors = [
      { code: ErrorCode.ActiveCampaignsLimit, heading: 'Too many running campaigns', message: 'server words', limit: 3 },
    ];
    expect(apiErrorText(errors, 409)).toBe(
      "Too many running campaigns. This account's membership level runs 3 campaigns at once: pause a running campaign first, or choose a higher level.",
    );
    expect(apiErrorLink(errors)).toBe(LEVELS_PATH);
  });

  it('keeps the server’s words and no link for other refusals', () => {
    const errors = [{ code: ErrorCode.Conflict, heading: 'Not enough credits', message: 'You do not have that many credits.' }];
    expect(apiErrorText(errors, 409)).toBe('Not enough credits. You do not have that many credits.');
    expect(apiErrorLink(errors)).toBeUndefined();
  });
});
