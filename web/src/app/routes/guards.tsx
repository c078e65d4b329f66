import { useAtomValue } from 'jotai';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginUrlFor } from '@/lib/redirect';
import { signingOutAtom, useSession } from '@/lib/session';
import { markLoginRequired } from '../layout/login-required';

/** Login required: without a session, go to /login?redirect=<this path with its query>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const signingOut = useAtomValue(signingOutAtom);
  const location = useLocation();
  useLayoutEffect(() => markLoginRequired(location.key), [location.key]);
  if (session) return <>{children}</>;
  if (signingOut) return null; // the sign-out is on its way to /login?logout=success
  return <Navigate to={loginUrlFor(location.pathname + location.search + location.hash)} replace />;
}

/**
 * For /login and /register: users already signed in when they arrive go to /profile.
 * Checked on arrival only, so the screen's own navigation after signing in is not raced.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [signedInOnArrival] = useState(() => session !== null);
  if (signedInOnArrival) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}
