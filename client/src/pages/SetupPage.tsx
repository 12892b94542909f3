import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { safeReturnPath } from '@shared/api/paths.js';
import { PATHS } from '@shared/routing/routes.js';
import { ResendConfirmationButton } from '../account/ResendConfirmationButton.js';
import { useConfirmLink } from '../account/useConfirmLink.js';
import { LoadingState } from '../feedback/LoadingState.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

const DONE_HEADINGS = {
  email_confirmed: 'Email address confirmed',
  email_changed: 'Email address changed',
  invite_accepted: 'Welcome!',
} as const;

/** /setup explains the mail; /setup/:id/:code follows the link in it. */
export default function SetupPage() {
  const { id, code } = useParams();
  return id && code ? <FollowLink id={id} code={code} /> : <CheckYourMail />;
}

function CheckYourMail() {
  usePageTitle('Check your mail');
  const user = useAtomValue(userAtom);
  return (
    <div className="auth-card">
      <h1>Check your mail</h1>
      <p>
        We sent a link to {user ? <strong>{user.email}</strong> : 'your email address'}. Open it to confirm your address; it works
        for 7 days.
      </p>
      <p className="muted">Nothing arrived? Look in the spam folder, or ask for a new mail.</p>
      {user && !user.emailConfirmed && <ResendConfirmationButton />}
      {user?.emailConfirmed && <p>Your address is already confirmed.</p>}
    </div>
  );
}

function FollowLink({ id, code }: { id: string; code: string }) {
  const state = useConfirmLink(id, code);
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const heading =
    state.kind === 'done'
      ? DONE_HEADINGS[state.answer.outcome]
      : state.kind === 'confirming'
        ? 'Confirming…'
        : 'This link does not work';
  usePageTitle(heading);

  return (
    <div className="auth-card">
      <h1>{heading}</h1>
      {state.kind === 'confirming' && <LoadingState label="Checking your link…" />}
      {state.kind === 'done' && (
        <>
          <p role="status">{state.answer.message}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => navigate(safeReturnPath(state.answer.redirectTo), { replace: true })}
          >
            Continue
          </button>
        </>
      )}
      {state.kind === 'invalid' && (
        <>
          <p role="alert">This link has expired or has already been used.</p>
          {user && !user.emailConfirmed ? (
            <>
              <p>Ask for a new confirmation mail:</p>
              <ResendConfirmationButton />
            </>
          ) : user ? (
            <p>
              If it was a link to change your email address, ask for a new one in{' '}
              <Link to={PATHS.settingsChangeEmail}>Email address settings</Link>.
            </p>
          ) : (
            <p>
              <Link to={`${PATHS.login}?redi=${encodeURIComponent(PATHS.setup)}`}>Log in</Link> to ask for a new confirmation
              mail, or <Link to={PATHS.passwordReset}>reset your password</Link> if you were invited and cannot log in.
            </p>
          )}
        </>
      )}
      {state.kind === 'failed' && (
        <div role="alert">
          {state.errors.map((error, index) => (
            <p key={index}>{error.message}</p>
          ))}
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      )}
    </div>
  );
}
