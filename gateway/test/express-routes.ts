/** The routes an express app or router mounts, as 'METHOD /path' (the walk is infra's: router-routes.ts). */
import type { Express, Router } from 'express';
import { appRoutes as specsOfApp, routerRoutes as specsOfRouter, type RouteSpec } from '@hamlog/infra/http/router-routes';

const text = (routes: RouteSpec[]) => routes.map((r) => `${r.method} ${r.path}`);

/** 'METHOD /path' of every route the app serves. */
export function appRoutes(app: Express): string[] {
  return text(specsOfApp(app));
}

/** 'METHOD /path' of every route of a router, under `prefix`. */
export function routerRoutes(router: Router, prefix: string): string[] {
  return text(specsOfRouter(router, prefix));
}
