import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { ProfileSettings } from '@/features/profile/components/profile-settings';
import { useUser } from '@/lib/session';

export function ProfileRoute() {
  const user = useUser();
  const [params] = useSearchParams();
  return (
    <Page title="Account settings" narrow>
      <ProfileSettings user={user} justRegistered={params.get('register') === 'success'} />
    </Page>
  );
}
