import { Link, useSearchParams } from 'react-router-dom';
import { Notice } from '@/components/ui/notice';
import { useDocumentTitle } from '@/components/ui/page';
import { PRODUCT_NAME } from '@/config/app';
import { Logger } from '@/features/logger/components/logger';
import { displayName, useSession } from '@/lib/session';

export function LandingRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  useDocumentTitle('Home');
  return (
    <>
      <section className="landing">
        {session && params.get('login') === 'success' ? (
          <Notice tone="success">Welcome back, {displayName(session.user)}.</Notice>
        ) : null}
        <h1>{PRODUCT_NAME}</h1>
        <p className="lead">Log your amateur radio contacts in the cloud, from any browser, in UTC.</p>
        {session ? (
          <div className="cta">
            <Link to="/logger" className="btn btn-primary btn-large">
              LOG CONTACTS
            </Link>
            <Link to="/logs" className="btn btn-secondary btn-large">
              Logbook
            </Link>
          </div>
        ) : (
          <div className="cta">
            <Link to="/register" className="btn btn-primary btn-large">
              Create Account
            </Link>
            <Link to="/login" className="btn btn-secondary btn-large">
              Log in
            </Link>
          </div>
        )}
      </section>
      {/* The log bar: visitors may try it; saving asks them to log in. */}
      <section className="landing-logbar" aria-labelledby="landing-logbar-heading">
        <h2 id="landing-logbar-heading">{session ? 'Log a contact' : 'Try the logger'}</h2>
        <Logger />
      </section>
    </>
  );
}
