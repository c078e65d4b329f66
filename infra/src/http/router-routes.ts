/**
 * The routes an express app or router mounts, found by walking it: the routers are the one list of
 * what a service serves (the nginx front door's routing and the tests' walks are derived from it).
 */
import type { Express, Router } from 'express';

export interface RouteSpec {
  /** Upper case, as express registered it (a GET route answers HEAD too). */
  method: string;
  /** The path as the route wrote it, with its prefix: '/vqso/upsert', '/qso/:qdo_id/sstv'. */
  path: string;
}

interface LayerLike {
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: unknown;
  slash?: boolean;
}

function routesIn(stack: LayerLike[], prefix: string): RouteSpec[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((p) => Object.keys(layer.route?.methods ?? {}).map((m) => ({ method: m.toUpperCase(), path: `${prefix}${String(p)}` })));
    }
    if (layer.handle?.stack) return routesIn(layer.handle.stack, layer.slash || layer.rawPath === '/' ? prefix : `${prefix}${String(layer.rawPath)}`);
    return [];
  });
}

/** Every route of a router and the routers mounted in it, under `prefix`. */
export function routerRoutes(router: Router, prefix = ''): RouteSpec[] {
  return routesIn((router as unknown as { stack: LayerLike[] }).stack, prefix);
}

/** Every route an app serves. */
export function appRoutes(app: Express): RouteSpec[] {
  return routesIn((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
}

/**
 * The regular expression (source, anchored) matching the request paths a route's path matches as
 * express matches them: any case, a trailing slash or not, ':name' one segment.
 */
export function routePathPattern(path: string): string {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

/** Whether `path` is one of the routes' paths (any method), as express would match it. */
export function pathMatcher(routes: readonly RouteSpec[]): (path: string) => boolean {
  const exact = new Set(routes.filter((r) => !r.path.includes(':')).map((r) => r.path.toLowerCase()));
  const patterns = routes.filter((r) => r.path.includes(':')).map((r) => new RegExp(routePathPattern(r.path), 'i'));
  return (path) => {
    const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return exact.has(bare.toLowerCase()) || patterns.some((p) => p.test(path));
  };
}
