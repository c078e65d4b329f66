import express, { type Express, type Router } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../observability/logger';
import type { MetricsRegistry } from '../observability/metrics';
import { errorHandler, HttpError } from './errors';
import { healthRouter } from './health';
import { requestLog } from './request-log';
import { requestMetrics } from './request-metrics';

export interface HttpAppOptions {
  logger: Logger;
  metrics: MetricsRegistry;
  readinessChecks: (() => Promise<void>)[];
  /** Mounted under /api. */
  apiRouters: Router[];
  /** Mounted under /api before body parsing (the gateway's proxy passes bodies on untouched). */
  rawApi?: Router;
  /** The built client to serve, with index.html for every other path (client-side routes). */
  webDist?: string;
  /** Answers index.html for a client route; lets the server fill in a page's title and meta. */
  renderIndex?: (path: string, html: string) => Promise<string>;
}

/** One express app shape for every service: health, metrics, JSON API under /api, errors. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(healthRouter(options.metrics, options.readinessChecks));
  app.use('/api', requestLog(options.logger));
  if (options.rawApi) app.use('/api', options.rawApi);
  app.use('/api', express.json({ limit: '1mb' }), requestMetrics(options.metrics), ...options.apiRouters);
  app.use('/api', (_req, _res, next) => next(new HttpError(404, 'No such call.')));
  if (options.webDist && existsSync(join(options.webDist, 'index.html'))) {
    app.use(express.static(options.webDist, { index: false, maxAge: '1h' }));
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(options.webDist as string, 'index.html'));
    });
  }
  app.use(errorHandler(options.logger));
  return app;
}
