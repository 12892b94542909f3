import { emailSettingsAccess } from './emailSettingsQuery.js';

const SIG = 'abcdefghijklmnopqrstuvwxyz_-0123';

describe('who may change mail preferences on /settings/emailSettings', () => {
  it('uses the signed link of a mail when the address has one, even for a member', () => {
    expect(emailSettingsAccess(`?u=12&sig=${SIG}`, true)).toEqual({ kind: 'link', query: `u=12&sig=${SIG}` });
    expect(emailSettingsAccess(`?u=12&sig=${SIG}&utm=x`, false)).toEqual({ kind: 'link', query: `u=12&sig=${SIG}` });
  });

  it('calls a link with a broken or missing part invalid', () => {
    expect(emailSettingsAccess('?u=12', false)).toEqual({ kind: 'invalidLink' });
    expect(emailSettingsAccess(`?sig=${SIG}`, true)).toEqual({ kind: 'invalidLink' });
    expect(emailSettingsAccess(`?u=abc&sig=${SIG}`, false)).toEqual({ kind: 'invalidLink' });
    expect(emailSettingsAccess('?u=12&sig=short', false)).toEqual({ kind: 'invalidLink' });
  });

  it('falls back to the session, or to nothing for a visitor without a link', () => {
    expect(emailSettingsAccess('', true)).toEqual({ kind: 'session' });
    expect(emailSettingsAccess('?other=1', false)).toEqual({ kind: 'none' });
  });
});
