import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { startApp } from '../boot/startApp.js';
import { SignupForm } from '../login/SignupForm.js';
import { userAtom } from '../sessions/userAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

export default function SignupPage() {
  usePageTitle('Sign up');
  const website = useAtomValue(websiteAtom);
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const afterSignup = async () => {
    await startApp();
    navigate(PATHS.getStarted, { replace: true });
  };

  return (
    <div className="auth-card">
      <h1>Sign up</h1>
      {user ? (
        <p>
          You are logged in as <strong>@{user.username}</strong>. To use another account,{' '}
          <Link to={PATHS.loginMulti}>add it here</Link> or <Link to={PATHS.logout}>log out</Link> first.
        </p>
      ) : website?.signups ? (
        <SignupForm onSignedUp={afterSignup} />
      ) : (
        <div className="form-alert" role="status">
          <p>
            <strong>Signups are closed.</strong> New accounts cannot be created right now. Please come back later.
          </p>
        </div>
      )}
      <div className="auth-card-links">
        <p>
          Already have an account? <Link to={PATHS.login}>Log in</Link>
        </p>
      </div>
    </div>
  );
}
