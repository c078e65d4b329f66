import { Link, useSearchParams } from 'react-router-dom';
import { REGISTER_REQUIRED, UPGRADE_REQUIRED } from '@hamlog/domain/messages';
import { UPGRADE_PATH } from '@/config/app';
import { useSession } from '@/lib/session';

/** ?upgrade-required=1 (e.g. from a gated page): ask users to upgrade, visitors to register. */
export function UpgradePrompt() {
  const [params] = useSearchParams();
  const session = useSession();
  if (params.get('upgrade-required') !== '1') return null;
  return (
    <div className="notice notice-warning upgrade-prompt" role="alert">
      {session ? (
        <>
          <span>{UPGRADE_REQUIRED}</span>
          <Link to={UPGRADE_PATH} className="btn btn-primary">
            Upgrade
          </Link>
        </>
      ) : (
        <>
          <span>{REGISTER_REQUIRED}</span>
          <Link to="/register" className="btn btn-primary">
            Create Account
          </Link>
        </>
      )}
    </div>
  );
}
