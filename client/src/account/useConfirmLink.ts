import { useEffect, useRef, useState } from 'react';
import type { TokenLinkAnswer } from '@shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { confirmTokenSchema } from '@shared/accounts/account.schemas.js';
import type { ApiError } from '@shared/api/envelope.js';
import { api } from '../api/api.js';
import { startApp } from '../boot/startApp.js';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import { ErrorCode } from '@shared/api/error-codes.js';
import { hasErrorCode } from '../api/errorCodes.js';

export type ConfirmLinkState =
  | { kind: 'confirming' }
  | { kind: 'done'; answer: TokenLinkAnswer }
  | { kind: 'invalid' }
  | { kind: 'failed'; errors: ApiError[] };

/**
 * Follows a mailed /setup/:id/:code link once (the code is single use, so never twice, even
 * under StrictMode). Success reloads /data/start: an invite logs the user in, and a confirmed
 * address ends the banner.
 */
export function useConfirmLink(id: string, code: string): ConfirmLinkState {
  const payload = confirmTokenSchema.safeParse({ id, code });
  const [state, setState] = useState<ConfirmLinkState>(payload.success ? { kind: 'confirming' } : { kind: 'invalid' });
  const followed = useRef<string | null>(null);

  useEffect(() => {
    const key = `${id}/${code}`;
    if (followed.current === key) return;
    followed.current = key;
    const parsed = confirmTokenSchema.safeParse({ id, code });
    if (!parsed.success) {
      setState({ kind: 'invalid' });
      return;
    }
    setState({ kind: 'confirming' });
    void api.post<TokenLinkAnswer>(ACCOUNT_ENDPOINTS.confirmEmail, parsed.data).then(async (result) => {
      if (result.data) {
        await startApp();
        setState({ kind: 'done', answer: result.data });
      } else if (hasErrorCode(result.errors, ErrorCode.LinkInvalid, ErrorCode.Validation)) {
        setState({ kind: 'invalid' });
      } else {
        setState({ kind: 'failed', errors: errorsOrFallback(result.errors, result.status) });
      }
    });
  }, [id, code]);

  return state;
}
