import type { Router } from 'express';
import { pathMatcher, routerRoutes } from '@hamlog/infra/http/router-routes';

/** Whether a path is one of `router`'s routes, read from the router itself once its routes are all mounted (at the first request). */
export function ownPaths(router: Router): (path: string) => boolean {
  let matches: ((path: string) => boolean) | null = null;
  return (path) => (matches ??= pathMatcher(routerRoutes(router)))(path);
}
