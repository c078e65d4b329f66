import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** /profile, /account, /account/edit and /account/preferences: one settings screen. */
export function ProfileRoute() {
  const [params] = useSearchParams();
  return (
    <Page title="Account settings" narrow>
      <SettingsPage justRegistered={params.get('register') === 'success'} />
    </Page>
  );
}
