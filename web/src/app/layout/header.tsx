import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@/config/app';
import { useSession } from '@/lib/session';
import { AccountMenu } from './account-menu';

export function Header() {
  const session = useSession();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label={`${PRODUCT_NAME} home`}>
          <span className="brand-mark" aria-hidden="true">
            HL
          </span>
          <span className="brand-name">{PRODUCT_NAME}</span>
        </Link>
        <nav className="header-nav" aria-label="Account">
          {session ? (
            <AccountMenu />
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
