import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { startApp } from '../boot/startApp.js';
import { loginReturnPath } from '../login/loginReturnPath.js';
import { LoginForm } from '../login/LoginForm.js';
import { userAtom } from '../sessions/userAtom.js';
import { usePageTitle } from './usePageTitle.js';
import '../forms/forms.css';

/**
 * Logs in and returns to the `redi` path. Once /data/start knows the user, the redirect
 * below takes over, so an already signed-in member never sees the form either.
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (user) return <Navigate replace to={loginReturnPath(location.search)} />;
  return (
    <div className="auth-card">
      <h1>Log in</h1>
      <LoginForm onLoggedIn={startApp} />
    </div>
  );
}
