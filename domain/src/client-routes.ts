import { APP_ROUTE_PATHS } from './app-routes';
import { isCallsignShaped } from './user/callsign-rules';

function patternToRegExp(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
  return new RegExp(`^${parts.join('')}/?$`, 'i');
}

const PATTERNS = APP_ROUTE_PATHS.map(patternToRegExp);

/**
 * Whether the web client has a page (or a 'Coming soon' page) at this path: one of the app's
 * routes, or /{callsign} for a callsign-shaped name. The server answers other paths with the
 * client too (it shows 'Page not found'), but with status 404.
 */
export function isClientRoute(pathname: string): boolean {
  if (PATTERNS.some((pattern) => pattern.test(pathname))) return true;
  const single = /^\/([^/]+)\/?$/.exec(pathname);
  if (!single?.[1]) return false;
  try {
    return isCallsignShaped(decodeURIComponent(single[1]).replace(/\s+/g, '').toUpperCase());
  } catch {
    return false; // a malformed escape is no callsign
  }
}
