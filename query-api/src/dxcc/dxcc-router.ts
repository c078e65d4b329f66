import { Router, type Request, type Response } from 'express';
import { dxccEntities, type DxccEntityOption } from '@hamlog/domain';

/** The entity list never changes while the server runs: clients and proxies may keep it a day. */
const CACHE_CONTROL = 'public, max-age=86400';

let body: string | undefined;

/** The logger's DXCC dropdown, as JSON text built once: adif, name, cont, latitude, longitude, cqz. */
function entityListJson(): string {
  body ??= JSON.stringify(
    dxccEntities().map(({ adif, name, cont, latitude, longitude, cqz }): DxccEntityOption => ({ adif, name, cont, latitude, longitude, cqz })),
  );
  return body;
}

function sendEntityList(_req: Request, res: Response): void {
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.type('application/json').send(entityListJson());
}

/** POST /vdxcc-entity-distinct/ (public; with or without the trailing slash; GET too, for caches). */
export function dxccRouter(): Router {
  const router = Router();
  router.post(['/vdxcc-entity-distinct', '/vdxcc-entity-distinct/'], sendEntityList);
  router.get(['/vdxcc-entity-distinct', '/vdxcc-entity-distinct/'], sendEntityList);
  return router;
}
