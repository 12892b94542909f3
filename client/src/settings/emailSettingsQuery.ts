import { emailSettingsLinkSchema } from '@shared/accounts/account.schemas.js';

export type EmailSettingsAccess =
  { kind: 'link'; query: string } | { kind: 'invalidLink' } | { kind: 'session' } | { kind: 'none' };

/**
 * How /settings/emailSettings may read and save preferences: the signed `u` and `sig` of a
 * mailed link when the address has them (even for a member), else the member's session.
 */
export function emailSettingsAccess(search: string, signedIn: boolean): EmailSettingsAccess {
  const params = new URLSearchParams(search);
  const u = params.get('u');
  const sig = params.get('sig');
  if (u !== null || sig !== null) {
    const link = emailSettingsLinkSchema.safeParse({ u, sig });
    if (!link.success) return { kind: 'invalidLink' };
    return { kind: 'link', query: new URLSearchParams({ u: String(link.data.u), sig: link.data.sig }).toString() };
  }
  return signedIn ? { kind: 'session' } : { kind: 'none' };
}
