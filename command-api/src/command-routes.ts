/**
 * Every call command-api serves under /api, read from its routers (the one list): the nginx front
 * door sends these to the command-api pool and everything else to query-api (gateway/src/nginx).
 */
import { pathMatcher, routerRoutes, type RouteSpec } from '@hamlog/infra/http/router-routes';
import { commandRouter } from './app';
import { cloudlogCommandRouter } from './cloudlog/cloudlog-router';
import type { CommandDeps } from './deps';
import { stripeWebhookRouter } from './payments/stripe-webhook-router';

/** Never used: the routers are built only to be walked, and no request goes through them. */
const WALK_ONLY = new Proxy({}, { get: () => undefined }) as CommandDeps;

let routes: RouteSpec[] | null = null;
let matches: ((path: string) => boolean) | null = null;

export function commandRoutes(): RouteSpec[] {
  routes ??= [commandRouter(WALK_ONLY), cloudlogCommandRouter(WALK_ONLY), stripeWebhookRouter(WALK_ONLY)].flatMap((router) => routerRoutes(router));
  return routes;
}

/** Whether command-api serves this /api path (without /api). */
export function isCommandPath(path: string): boolean {
  matches ??= pathMatcher(commandRoutes());
  return matches(path);
}
