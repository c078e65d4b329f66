import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { MESSAGES } from '@/config/messages';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeRedirect } from '@/lib/redirect';
import { signingOutAtom } from '@/lib/session';

/** /login and /password/reset. */
export function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'), '/?login=success');
  const setSigningOut = useSetAtom(signingOutAtom);
  useEffect(() => setSigningOut(false), [setSigningOut]); // a sign-out has arrived here
  return (
    <Page title="Log in" narrow>
      {params.get('logout') === 'success' ? <Notice tone="success">{MESSAGES.loggedOut}</Notice> : null}
      <LoginForm onSuccess={() => void navigate(redirect, { replace: true })} />
      {/* The One Time PIN login (spec: Login screen) goes here as its own form. */}
    </Page>
  );
}
