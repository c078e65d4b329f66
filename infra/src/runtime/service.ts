import type { Router } from 'express';
import { createServer, type Server } from 'node:http';
import { readConfig } from '../config/config';
import { createHttpApp, type HttpAppOptions } from '../http/app';
import type { AttachedToServer } from '../http/upgrades';
import type { Logger } from '../observability/logger';
import { MetricsRegistry } from '../observability/metrics';

export interface ServiceOptions {
  name: string;
  port: number;
  logger: Logger;
  metrics?: MetricsRegistry;
  apiRouters?: Router[];
  /** Mounted under /api before body parsing (a proxy passes bodies on untouched). */
  rawApi?: Router;
  /** Mounted under /api before the JSON parser: routers that read their own bodies (the Cloudlog API). */
  ownBodyApi?: Router[];
  readinessChecks?: (() => Promise<void>)[];
  webDist?: string;
  /** Mounted at / before the client (e.g. /qsl/{id}, /media/{name}). */
  rootRouters?: Router[];
  renderIndex?: HttpAppOptions['renderIndex'];
  /** Public reads served ahead of express (fast-lane.ts). */
  fastRoutes?: HttpAppOptions['fastRoutes'];
  trustProxy?: HttpAppOptions['trustProxy'];
  /**
   * What speaks beside HTTP on the same server (the websocket gateway), attached once it listens.
   * Closed first on stop: server.close() waits for upgraded sockets to end.
   */
  attach?: (server: Server) => Promise<AttachedToServer>;
  /** Releases the service's resources after the HTTP server has closed. */
  onStop: () => Promise<void>;
}

/** Serves health, metrics and the given routers, and stops cleanly on SIGINT/SIGTERM. */
export async function runService(options: ServiceOptions): Promise<Server> {
  const { handle } = createHttpApp({
    logger: options.logger,
    metrics: options.metrics ?? new MetricsRegistry(),
    readinessChecks: options.readinessChecks ?? [],
    apiRouters: options.apiRouters ?? [],
    rawApi: options.rawApi,
    ownBodyApi: options.ownBodyApi,
    webDist: options.webDist,
    rootRouters: options.rootRouters,
    renderIndex: options.renderIndex,
    fastRoutes: options.fastRoutes,
    trustProxy: options.trustProxy,
    // Every service's entry point: its /metrics token comes from the environment like the rest.
    metricsToken: readConfig().metricsToken,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(handle).listen(options.port, () => resolve(s));
    s.once('error', reject);
  });
  const attached = await options.attach?.(server);
  options.logger.info({ port: options.port, readyInMs: Math.round(process.uptime() * 1000) }, `${options.name} ready`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Stop accepting; requests in flight finish (10 s at most) before the resources go.
      const cutOff = setTimeout(() => server.closeAllConnections(), 10_000);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      Promise.resolve(attached?.close())
        .then(() => closed)
        .then(() => clearTimeout(cutOff))
        .then(() => options.onStop())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            options.logger.error({ err: error }, 'stop failed');
            process.exit(1);
          },
        );
    });
  }
  return server;
}
