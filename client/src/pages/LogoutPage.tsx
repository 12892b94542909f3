import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { userAtom } from '../session/userAtom.js';

/** Logout clears the user (spec 4); the accounts feature adds revoking the session on the server. */
export default function LogoutPage() {
  const setUser = useSetAtom(userAtom);
  useEffect(() => setUser(null), [setUser]);
  return <Navigate to="/" replace />;
}
