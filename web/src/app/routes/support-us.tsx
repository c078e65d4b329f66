import { useLocation } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { PRODUCT_NAME } from '@/config/app';

/** The banners of /support-us/thanks and /support-us/cancel (community spec: Donations). */
function OutcomeBanner({ pathname }: { pathname: string }) {
  if (pathname.endsWith('/thanks')) return <Notice tone="success">Thank you for supporting {PRODUCT_NAME}!</Notice>;
  if (pathname.endsWith('/cancel')) return <Notice tone="error">Your donation did not go through. Nothing was charged.</Notice>;
  return null;
}

/** /support-us and its two outcome pages. Payments arrive in a later issue. */
export function SupportUsRoute() {
  const { pathname } = useLocation();
  return (
    <Page title="Support us" narrow>
      <OutcomeBanner pathname={pathname.replace(/\/+$/, '')} />
      <div className="card">
        <p className="lead">{PRODUCT_NAME} is run by radio amateurs, and donations keep the servers on the air.</p>
        <p>Donations open soon. Thank you for your patience.</p>
      </div>
    </Page>
  );
}
