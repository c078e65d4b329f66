import { Link, NavLink } from 'react-router-dom';
import { SSTV_ARCHIVE_PATH } from '@hamlog/domain/sstv/api';
import { PRODUCT_NAME } from '@/config/app';
import { CallsignSearch } from '@/features/shell/components/callsign-search';
import { SubscriptionBadge } from '@/features/shell/components/subscription-badge';
import { ThemeSwitch } from '@/features/shell/components/theme-switch';
import { useSession } from '@/lib/session';
import { AccountMenu } from './account-menu';

export function Header() {
  const session = useSession();
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            HL
          </span>
          <span className="brand-name">{PRODUCT_NAME}</span>
        </Link>
        <NavLink to={SSTV_ARCHIVE_PATH} className="header-link" title="SSTV archive">
          SSTV
        </NavLink>
        <CallsignSearch />
        <ThemeSwitch />
        <nav className="header-nav" aria-label="Account">
          {session ? (
            <>
              <SubscriptionBadge />
              <AccountMenu />
            </>
          ) : (
            <>
              <Link to="/login" className="btn btn-link">
                Log in
              </Link>
              <Link to="/register" className="btn btn-primary">
                Create Account
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
