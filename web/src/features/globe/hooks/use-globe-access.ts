import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { GLOBE_ACCESS_CHECK_MS } from '@hamlog/domain/community/rules';
import { UPGRADE_REQUIRED_URL } from '@/config/app';
import { getSession, isSubscriber, signingOutAtom, useSession, type Session } from '@/lib/session';

/** The globe pages need a token, a user and a subscription in force (core.md §4 'Globe pages'). */
export function hasGlobeAccess(session: Session | null, now: Date): boolean {
  return Boolean(session?.token && session.user) && isSubscriber(session, now);
}

/**
 * Sends whoever lacks access to /?upgrade-required=1: at once, when the session changes, and every
 * 5 s (a subscription runs out while the page is open). Answers whether to show the page.
 */
export function useGlobeAccess(): boolean {
  const navigate = useNavigate();
  const session = useSession();
  const signingOut = useAtomValue(signingOutAtom);

  useEffect(() => {
    if (signingOut) return; // the sign-out is on its way to /login?logout=success
    const check = () => {
      if (!hasGlobeAccess(getSession(), new Date())) navigate(UPGRADE_REQUIRED_URL, { replace: true });
    };
    check();
    const timer = window.setInterval(check, GLOBE_ACCESS_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [navigate, session, signingOut]);

  return !signingOut && hasGlobeAccess(session, new Date());
}
