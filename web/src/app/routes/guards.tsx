import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginUrlFor } from '@/lib/redirect';
import type { RouteHandle } from '../layout/chrome';
import { signingOutAtom, useSession } from '@/lib/session';

/** Login required: without a session, go to /login?redirect=<this path with its query>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const signingOut = useAtomValue(signingOutAtom);
  const location = useLocation();
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

/** A route that needs a signed-in user: guarded, and marked so the shell logs no page view for it. */
export function loginRequiredRoute(element: ReactNode): { handle: RouteHandle; element: ReactNode } {
  return { handle: { loginRequired: true }, element: <RequireAuth>{element}</RequireAuth> };
}
