import { useMatches } from 'react-router-dom';

/** What a route may say about itself in its `handle`. */
export interface RouteHandle {
  /** Show the page alone, without header, icon bar and footer (embeds). */
  bare?: boolean;
  /** The page needs a signed-in user (wrapped in RequireAuth): no page view is logged for it. */
  loginRequired?: boolean;
  /**
   * Keep the header even on a path the specification shows without it (/leaderboards, /globe, ...):
   * set on 'Coming soon', 'Page not found' and the station page, so a visitor always has a way back.
   */
  keepHeader?: boolean;
}

/** The matched routes' flags, the innermost route's winning. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return Object.assign({}, ...matches.map((m) => (m.handle ?? {}) as RouteHandle)) as RouteHandle;
}
