import { useLocation } from 'react-router-dom';
import { DONATION_CANCELLED, DONATION_THANKS } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { PRODUCT_NAME } from '@/config/app';
import { DonationForm } from '@/features/payments/components/donation-form';
import { SupportersList } from '@/features/payments/components/supporters-list';
import { UpgradeCard } from '@/features/payments/components/upgrade-card';

/** The banners of /support-us/thanks and /support-us/cancel (community spec: Donations). */
function OutcomeBanner({ pathname }: { pathname: string }) {
  if (pathname.endsWith('/thanks')) return <Notice tone="success">{DONATION_THANKS}</Notice>;
  if (pathname.endsWith('/cancel')) return <Notice tone="error">{DONATION_CANCELLED}</Notice>;
  return null;
}

/** /support-us and its two outcome pages: the upgrade (free trial or subscription), a donation and the supporters list. */
export function SupportUsRoute() {
  const { pathname } = useLocation();
  return (
    <Page title="Support us" narrow>
      <OutcomeBanner pathname={pathname.replace(/\/+$/, '')} />
      <UpgradeCard />
      <div className="card">
        <h2>Donate</h2>
        <p className="lead">{PRODUCT_NAME} is run by radio amateurs, and donations keep the servers on the air.</p>
        <DonationForm />
      </div>
      <div className="card">
        <h2>Supporters</h2>
        <SupportersList />
      </div>
    </Page>
  );
}
