import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@/config/messages';
import { useSession } from '@/lib/session';
import { promoGreeting } from '../utils/promo';

/** Visitors who came from a partner site (utm_source tt, fb, yt, in, tw, qrz) are greeted. */
export function PromoBanner() {
  const [params] = useSearchParams();
  const session = useSession();
  const greeting = promoGreeting(params.get('utm_source'));
  if (!greeting || session) return null;
  return (
    <div className="promo-banner" role="region" aria-label="Welcome">
      <p>
        <strong>{greeting}</strong> Log your contacts in the cloud, free.
      </p>
      <Link to="/register" className="btn btn-primary">
        {MESSAGES.comeOnIn}
      </Link>
    </div>
  );
}
