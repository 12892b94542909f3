import { useState } from 'react';
import { ACCOUNT_ENDPOINTS } from '@shared/accounts/account.endpoints.js';
import { api } from '../api/api.js';

type ResendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'refused'; message: string };

/** Sends the confirmation mail again; says when it went, or why not (too soon: 429). */
export function ResendConfirmationButton() {
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const resend = async () => {
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    const result = await api.post<null>(ACCOUNT_ENDPOINTS.resendConfirmation);
    if (result.status >= 200 && result.status < 300) setState({ kind: 'sent' });
    else
      setState({ kind: 'refused', message: result.errors[0]?.message ?? 'The mail could not be sent. Please try again later.' });
  };
  return (
    <span className="resend-confirmation">
      <button
        type="button"
        className="button button-small"
        aria-disabled={state.kind === 'sending' || undefined}
        onClick={() => void resend()}
      >
        {state.kind === 'sending' ? 'Sending…' : 'Resend the mail'}
      </button>
      <span role="status" className="resend-confirmation-status">
        {state.kind === 'sent' && 'Sent. Please check your inbox.'}
        {state.kind === 'refused' && state.message}
      </span>
    </span>
  );
}
