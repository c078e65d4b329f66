import type { PageViewRequest } from '../api/log-page-view';

/** The page view record for a URL of this site (utm_source and utm_medium from its query). */
export function pageViewFor(
  url: URL,
  { userId, trackingId, referrer }: { userId: string | null; trackingId: string; referrer: string | null },
): PageViewRequest {
  return {
    user_id: userId,
    session_id: trackingId,
    page_url: url.href,
    utm_source: url.searchParams.get('utm_source'),
    utm_medium: url.searchParams.get('utm_medium'),
    referrer_url: referrer || null,
  };
}
