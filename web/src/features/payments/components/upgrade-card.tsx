import { Link } from 'react-router-dom';
import { PAYMENTS_NOT_CONFIGURED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { isSubAccount, isSubscriber, useSession } from '@/lib/session';
import { usePaymentsConfig, useStartCheckout } from '../api/payments';

/** The subscription: a free trial or a paid subscription through Stripe's checkout; subscribers see theirs. */
export function UpgradeCard() {
  const session = useSession();
  const config = usePaymentsConfig();
  const checkout = useStartCheckout();
  const subscription = session?.subscription;

  let body;
  if (config.data && !config.data.enabled) body = <Notice tone="info">{PAYMENTS_NOT_CONFIGURED}</Notice>;
  else if (!session) {
    body = (
      <p>
        <Link to="/login?redirect=%2Fsupport-us">Log in</Link> to start your free trial or subscribe.
      </p>
    );
  } else if (isSubscriber(session)) {
    body = (
      <p>
        Your {subscription?.level ?? ''} subscription is active{subscription?.expiryDate ? ` until ${subscription.expiryDate.slice(0, 10)}` : ''}. Thank you!
      </p>
    );
  } else if (isSubAccount(session.user)) {
    body = <p>A sub-account shares its main account's subscription: upgrade the main account.</p>;
  } else {
    const days = config.data?.trial_days ?? 0;
    const trialUsed = config.data?.trial_available === false;
    body = (
      <>
        <p>Subscribers download the desktop app, send direct messages and see the globe views.</p>
        {trialUsed ? <p className="muted">This account has had its free trial.</p> : null}
        <p className="form-actions">
          {trialUsed ? null : (
            <button type="button" className="btn btn-primary" disabled={checkout.isPending || !config.data} onClick={() => checkout.mutate('trial')}>
              Start free trial{days > 0 ? ` (${days} days)` : ''}
            </button>
          )}
          <button type="button" className="btn btn-warning" disabled={checkout.isPending || !config.data} onClick={() => checkout.mutate('subscription')}>
            Upgrade now
          </button>
        </p>
        {checkout.isError ? <Notice tone="error">{isApiError(checkout.error) ? checkout.error.message : String(checkout.error)}</Notice> : null}
      </>
    );
  }
  return (
    <div className="card" id="upgrade">
      <h2>Upgrade</h2>
      {body}
    </div>
  );
}
