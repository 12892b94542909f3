import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { startApp } from '../boot/startApp.js';
import { LoginForm } from '../login/LoginForm.js';
import { SignedInAccounts } from '../login/SignedInAccounts.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

/** Several accounts in one browser: switch between them, or sign in to one more. */
export default function LoginMultiPage() {
  const user = useAtomValue(userAtom);
  usePageTitle(user ? 'Your accounts' : 'Log in');
  const navigate = useNavigate();
  const goHome = async () => {
    await startApp();
    navigate(PATHS.home, { replace: true });
  };

  if (!user) {
    return (
      <div className="auth-card">
        <h1>Log in</h1>
        <LoginForm onLoggedIn={goHome} />
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>Your accounts</h1>
      <p className="muted">Accounts signed in in this browser. Switch without typing a password again.</p>
      <SignedInAccounts />
      <h2 className="section-heading">Add another account</h2>
      <LoginForm addAccount submitLabel="Add account" onLoggedIn={goHome} />
    </div>
  );
}
