import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SIGN_IN_FOR_NOTIFICATIONS } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { MESSAGES } from '@/config/messages';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { safeRedirect } from '@/lib/redirect';
import { signingOutAtom } from '@/lib/session';

/** Pages that say why they sent the visitor here. */
const WHY_LOGIN: Record<string, string> = {
  '/notifications': SIGN_IN_FOR_NOTIFICATIONS,
};

/** /login and /password/reset (the latter opens with the One Time PIN form). */
export function LoginRoute() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'), '/?login=success');
  const why = WHY_LOGIN[redirect.split(/[?#]/)[0] ?? ''];
  const setSigningOut = useSetAtom(signingOutAtom);
  useEffect(() => setSigningOut(false), [setSigningOut]); // a sign-out has arrived here
  return (
    <Page title="Log in" narrow>
      {params.get('logout') === 'success' ? <Notice tone="success">{MESSAGES.loggedOut}</Notice> : null}
      {why ? <Notice tone="info">{why}</Notice> : null}
      <LoginScreen
        startWithPin={pathname.startsWith('/password/reset')}
        onSuccess={() => void navigate(redirect, { replace: true })}
      />
    </Page>
  );
}
