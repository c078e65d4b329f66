/** The routes an express app or router mounts, found by walking it (so a new route cannot be forgotten). */
import type { Express, Router } from 'express';

interface LayerLike {
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
  rawPath?: unknown;
  slash?: boolean;
}

/** 'METHOD /path' of every route in a router and the routers mounted in it. */
function routesOf(stack: LayerLike[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((p) => Object.keys(layer.route?.methods ?? {}).map((m) => `${m.toUpperCase()} ${prefix}${String(p)}`));
    }
    if (layer.handle?.stack) return routesOf(layer.handle.stack, layer.slash || layer.rawPath === '/' ? prefix : `${prefix}${String(layer.rawPath)}`);
    return [];
  });
}

/** 'METHOD /path' of every route the app serves. */
export function appRoutes(app: Express): string[] {
  return routesOf((app as unknown as { router: { stack: LayerLike[] } }).router.stack);
}

/** 'METHOD /path' of every route of a router, under `prefix`. */
export function routerRoutes(router: Router, prefix: string): string[] {
  return routesOf((router as unknown as { stack: LayerLike[] }).stack, prefix);
}
