import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '@/config/app';
import { referralId } from '@/features/auth/api/register';
import { Header } from './header';

/** Scroll returns to the top on every navigation (spec: route rules). */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

/** A ?ref_id= on any page is remembered for registration. */
function RememberReferral() {
  const { search } = useLocation();
  useEffect(() => {
    if (search.includes('ref_id=')) referralId(new URLSearchParams(search));
  }, [search]);
  return null;
}

export function AppLayout() {
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollToTop />
      <RememberReferral />
      <Header />
      <main id="main" className="container main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            {PRODUCT_NAME} · a logbook in the cloud for radio amateurs · times in UTC
          </p>
        </div>
      </footer>
    </div>
  );
}
