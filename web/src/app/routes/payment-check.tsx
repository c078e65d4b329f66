import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { PaymentCheck } from '@/features/payments/components/payment-check';

/** /stripe/upgrade/check?session_id={id}: the subscription checkout's return page. */
export function UpgradeCheckRoute() {
  const [params] = useSearchParams();
  return (
    <Page title="Upgrade" narrow>
      <PaymentCheck sessionId={params.get('session_id') ?? ''} />
    </Page>
  );
}

/** /stripe/start-trial/{CHECKOUT_SESSION_ID}: the free trial's return page. */
export function StartTrialRoute() {
  const { checkout_session_id: sessionId = '' } = useParams();
  return (
    <Page title="Free trial" narrow>
      <PaymentCheck sessionId={sessionId} />
    </Page>
  );
}
