import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { getSession } from '@/lib/session';
import { userTrackingId } from '@/lib/tracking';
import { useLogPageView } from '../api/log-page-view';
import { pageViewFor } from '../utils/page-view';

/**
 * One page view per navigation to a page that needs no login. The referrer is the browser's
 * for the first page, then the previous page of this site.
 */
export function usePageViews(loginRequired: boolean) {
  const location = useLocation();
  const { mutate } = useLogPageView();
  const previousUrl = useRef<string | null>(null);
  const loggedKey = useRef<string | null>(null);

  useEffect(() => {
    if (loggedKey.current === location.key) return; // StrictMode runs effects twice
    loggedKey.current = location.key;
    const url = new URL(location.pathname + location.search + location.hash, window.location.origin);
    const referrer = previousUrl.current ?? (document.referrer || null);
    previousUrl.current = url.href;
    if (loginRequired) return;
    mutate(pageViewFor(url, { userId: getSession()?.user?.id ?? null, trackingId: userTrackingId(), referrer }));
    // One record per navigation: location.key changes on each, also to the same URL.
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
}
