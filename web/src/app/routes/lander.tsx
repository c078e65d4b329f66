import { Navigate, useParams } from 'react-router-dom';
import { REF_ID_MAX_LENGTH } from '@hamlog/domain/user/validation';
import { useSession } from '@/lib/session';

/**
 * /lander/{id}: the redirect page a referral link (an embed's, whose ref_id is the referring
 * account) lands on, with no header. A visitor goes on to registration carrying the id as ref_id
 * (remembered for the registration, app-layout.tsx); a signed-in reader goes home.
 */
export function LanderRoute() {
  const { id = '' } = useParams();
  const signedIn = useSession() !== null;
  if (signedIn) return <Navigate to="/" replace />;
  const refId = id.trim();
  const ok = refId !== '' && refId.length <= REF_ID_MAX_LENGTH;
  return <Navigate to={ok ? `/register?ref_id=${encodeURIComponent(refId)}` : '/register'} replace />;
}
