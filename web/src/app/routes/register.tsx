import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { referralId } from '@/features/auth/api/register';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refId = useMemo(() => referralId(params), [params]);
  return (
    <Page title="Create your account" narrow>
      <p className="lead">Free: all you need is an email address and your callsign.</p>
      <RegisterForm refId={refId} onSuccess={() => void navigate('/profile?register=success', { replace: true })} />
    </Page>
  );
}
