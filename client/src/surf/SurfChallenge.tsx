import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '@shared/api/envelope.js';
import { emailedCodeSchema, type SurfChallengeEmailAnswer } from '@shared/surf/challenge-email.js';
import { CHALLENGE_IMAGE_SIZE, challengeEmailPath } from '@shared/surf/surf.js';
import { api } from '../api/api.js';
import type { FieldError } from '../forms/fieldErrors.js';
import { TextField } from '../forms/TextField.js';
import { useLeaveWarning } from './useLeaveWarning.js';

type ImageStatus = 'loading' | 'shown' | 'failed';

/** The code by email: offered, on its way, sent (the view now asks for it), or refused (the picture stays). */
type EmailStep =
  { step: 'offered' } | { step: 'sending' } | { step: 'sent'; sentTo: string } | { step: 'refused'; error: ApiError | null };

export interface SurfChallengeProps {
  ticketId: string;
  /** The picture's path (the same picture for the ticket on every request). */
  image: string;
  codes: string[];
  message: string | null;
  picked: string | null;
  /** A picked option, the code typed from the mail, or null to drop the pick. */
  onPick: (code: string | null) => void;
}

const IMAGE_ALT =
  'Verification picture: a 4-character code drawn in striped lines. Pick the matching code below; ' +
  'if you cannot see the picture, use the button to get a code by email.';

/**
 * A verification challenge: the code to pick is only in the server's picture, never in the page's
 * text; the options are toggle buttons. A member who cannot see the picture may have a code mailed
 * instead: then the picture and its options give way to a field for that code. Mount one per
 * ticket (keyed by it), so a new ticket starts afresh.
 */
export function SurfChallenge({ ticketId, image, codes, message, picked, onPick }: SurfChallengeProps) {
  const titleId = useId();
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<ImageStatus>('loading');
  const [email, setEmail] = useState<EmailStep>({ step: 'offered' });
  useLeaveWarning(true);

  const loadAgain = () => {
    setStatus('loading');
    setAttempt((current) => current + 1);
  };

  const emailCode = async () => {
    if (email.step === 'sending') return;
    setEmail({ step: 'sending' });
    const result = await api.request<SurfChallengeEmailAnswer>({ method: 'POST', path: challengeEmailPath(ticketId) });
    if (result.data) {
      // The picture's code no longer answers this view: a picked option would now be wrong.
      onPick(null);
      setEmail({ step: 'sent', sentTo: result.data.sentTo });
    } else {
      setEmail({ step: 'refused', error: result.errors[0] ?? null });
    }
  };

  return (
    <section className="surf-challenge" aria-labelledby={titleId}>
      <h2 id={titleId} className="surf-challenge-title">
        Verification
      </h2>
      {email.step === 'sent' ? (
        <EmailedCodeForm sentTo={email.sentTo} picked={picked} onPick={onPick} />
      ) : (
        <>
          {message && <p>{message}</p>}
          <div className="surf-challenge-frame" aria-busy={status === 'loading'}>
            {status !== 'failed' && (
              <img
                key={attempt}
                className={`surf-challenge-image ${status === 'loading' ? 'surf-challenge-image-loading' : ''}`}
                // After a failure the query makes the address new, so nothing along the way answers the failed request.
                src={attempt === 0 ? image : `${image}?attempt=${attempt}`}
                width={CHALLENGE_IMAGE_SIZE.width}
                height={CHALLENGE_IMAGE_SIZE.height}
                alt={IMAGE_ALT}
                onLoad={() => setStatus('shown')}
                onError={() => setStatus('failed')}
              />
            )}
            {status === 'loading' && <span className="spinner spinner-small surf-challenge-spinner" aria-hidden="true" />}
          </div>
          <p className="surf-challenge-status" role="status">
            {status === 'loading' ? 'Loading the picture…' : status === 'failed' ? 'The picture could not be loaded.' : ''}
          </p>
          {status === 'failed' && (
            <button type="button" className="button surf-challenge-retry" onClick={loadAgain}>
              Load the picture again
            </button>
          )}
          <div className="surf-codes" role="group" aria-label="Codes to pick from">
            {codes.map((code) => (
              <button
                key={code}
                type="button"
                className="button surf-code"
                aria-pressed={picked === code}
                onClick={() => onPick(code)}
              >
                {code}
              </button>
            ))}
          </div>
          {email.step !== 'refused' && (
            <button
              type="button"
              className="button button-link surf-challenge-email"
              aria-disabled={email.step === 'sending' || undefined}
              onClick={() => void emailCode()}
            >
              {email.step === 'sending' && <span className="button-spinner" aria-hidden="true" />}
              Can’t see the picture? Email me a code
            </button>
          )}
        </>
      )}
      <p className="surf-challenge-status" role="status">
        {email.step === 'sending' && 'Sending a code to your email…'}
        {email.step === 'sent' && `Code sent to ${email.sentTo}`}
        {email.step === 'refused' &&
          (email.error ? email.error.message : 'The code could not be sent. Pick the code in the picture.')}
      </p>
    </section>
  );
}

/** The field for the mailed code. It takes focus when it appears; a valid code becomes the view's answer. */
function EmailedCodeForm({
  sentTo,
  picked,
  onPick,
}: {
  sentTo: string;
  picked: string | null;
  onPick: (code: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<FieldError | undefined>(undefined);

  useEffect(() => input.current?.focus(), []);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailedCodeSchema.safeParse(value);
    if (!parsed.success) {
      setError({ message: parsed.error.issues[0].message });
      onPick(null);
      input.current?.focus();
      return;
    }
    setError(undefined);
    onPick(parsed.data);
  };

  return (
    <form className="surf-challenge-email-form" noValidate onSubmit={submitCode}>
      <p>
        We emailed a 6-digit code to <strong>{sentTo}</strong>. Enter it here, then press Next.
      </p>
      <TextField
        ref={input}
        label="Code from the email"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={12}
        spellCheck={false}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          if (picked !== null) onPick(null);
        }}
      >
        <button type="submit" className="button button-primary">
          Use this code
        </button>
      </TextField>
      {picked !== null && <p className="surf-challenge-ready">Code entered: press Next.</p>}
    </form>
  );
}
