import { Link } from 'react-router-dom';
import { AD_LINK, UPGRADE_PATH } from '@/config/app';
import { isSubscriber, useSession } from '@/lib/session';

/**
 * Subscribers see the verified badge; signed-in non-subscribers without an eQSL key see
 * UPGRADE FREE and a small advert. Visitors see neither.
 */
export function SubscriptionBadge() {
  const session = useSession();
  if (!session?.user) return null;
  if (isSubscriber(session)) {
    return (
      <span className="badge badge-verified" title="Verified subscriber">
        <span aria-hidden="true">✔</span> Verified
      </span>
    );
  }
  if (session.user.eqsl_apikey) return null;
  return (
    <span className="upgrade-free">
      <Link to={UPGRADE_PATH} className="btn btn-warning btn-small">
        UPGRADE FREE
      </Link>
      <a href={AD_LINK.href} className="ad-link">
        {AD_LINK.label}
      </a>
    </span>
  );
}
