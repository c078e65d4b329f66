/**
 * Which navigation showed a login-required page. The route guard marks the navigation's
 * location key in a layout effect; the shell's page-view effect runs after every layout
 * effect of the same commit and skips marked navigations (spec: page views are logged for
 * pages that need no login). Works for any route wrapped in <RequireAuth>.
 */
let guardedKey: string | null = null;

export function markLoginRequired(locationKey: string): void {
  guardedKey = locationKey;
}

export function isLoginRequired(locationKey: string): boolean {
  return guardedKey === locationKey;
}
