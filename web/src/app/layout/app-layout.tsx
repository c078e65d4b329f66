import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from '@/components/ui/spinner';
import { referralId } from '@/features/auth/api/register';
import { useUnreadCount } from '@/features/inbox/hooks/use-unread-count';
import { PromoBanner } from '@/features/shell/components/promo-banner';
import { UpgradePrompt } from '@/features/shell/components/upgrade-prompt';
import { UpgradeAbortNotice } from '@/features/payments/components/upgrade-abort-notice';
import { usePageViews } from '@/features/shell/hooks/use-page-views';
import { isHeaderHidden } from '@/features/shell/utils/chrome';
import { useRouteHandle } from './chrome';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

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

/** The shell: header with search and account, icon bar, banners, the page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const unread = useUnreadCount();
  usePageViews(handle.loginRequired === true);
  const bare = handle.bare === true;
  const chrome = !bare && (handle.keepHeader === true || !isHeaderHidden(pathname));

  return (
    <div className={chrome ? 'app' : 'app app-bare'}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollToTop />
      <RememberReferral />
      {chrome ? <Header /> : null}
      <div className="app-body">
        {chrome ? <Sidebar unread={unread} /> : null}
        <main id="main" className={chrome ? 'container main' : 'main main-bare'} tabIndex={-1}>
          <UpgradePrompt />
          <UpgradeAbortNotice />
          <PromoBanner />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {bare ? null : <Footer />}
    </div>
  );
}
