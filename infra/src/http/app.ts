import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import type { RequestListener } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../observability/logger';
import type { MetricsRegistry } from '../observability/metrics';
import { apiAnswersUncached } from './api-caching';
import type { TrustProxy } from './client-address';
import { normaliseApiPath } from './cloudlog';
import { compressedAnswers, precompressedFiles } from './compressed-answers';
import { errorHandler, HttpError } from './errors';
import { withFastLane, type FastRoute } from './fast-lane';
import { healthRouter } from './health';
import { requestLog } from './request-log';
import { HTML, prepareAnswer, type PreparedAnswer } from './prepared-answer';
import { requestDurations, requestMetrics } from './request-metrics';
import { securityHeaders, securityHeadersFor } from './security-headers';
import { refuseUnstorableAddress, refuseUnstorableBody, verifyUtf8 } from './storable-text';
import { isClientRoute } from '@hamlog/domain/client-routes';

export interface HttpAppOptions {
  logger: Logger;
  metrics: MetricsRegistry;
  readinessChecks: (() => Promise<void>)[];
  /** Mounted under /api. */
  apiRouters: Router[];
  /** Mounted under /api before the JSON parser: routers that read their own bodies (the Cloudlog API, cloudlog.ts). */
  ownBodyApi?: Router[];
  /** The built client to serve, with index.html for every other path (client-side routes). */
  webDist?: string;
  /** Answers index.html for a client route; lets the server fill in a page's title and meta. */
  renderIndex?: RenderIndex;
  /** Public reads served ahead of express (fast-lane.ts); the client's plain pages are added to them. */
  fastRoutes?: FastRoute[];
  /** Mounted at / before the client (files and images outside /api, e.g. /qsl/{id}, /media/{name}). */
  rootRouters?: Router[];
  /** The bearer token /metrics requires (METRICS_TOKEN); unset: /metrics is not served. */
  metricsToken?: string;
  /** Whose X-Forwarded-For gives req.ip (client-address.ts); unset believes nobody's. */
  trustProxy?: TrustProxy;
  /** The site's public address (PUBLIC_URL): https means it is served over HTTPS, and every answer says so (HSTS). */
  publicUrl?: string;
}

/**
 * Fills in a client page's title and meta. `origin` is the site's address as the caller reached it
 * (scheme and host), for absolute links. `appliesTo` says which paths it changes: the others are
 * the plain index.html, which the fast lane serves; without it every page goes through express.
 */
export type RenderIndex = ((path: string, html: string, origin: string) => Promise<string>) & { appliesTo?: (path: string) => boolean };

export interface HttpApp {
  app: Express;
  /** What the server listens with: the fast lane, then `app`. */
  handle: RequestListener;
}

/** index.html as read once (a new build is served after a restart), and prepared once for the fast lane. */
function clientIndex(indexFile: string) {
  let html: Promise<string> | null = null;
  let prepared: Promise<PreparedAnswer> | null = null;
  const read = () => (html ??= readFile(indexFile, 'utf8'));
  return { read, prepared: () => (prepared ??= read().then((text) => prepareAnswer(200, text))) };
}

/** The client's page for a client route no renderer changes: the prepared index.html. */
function plainClientPages(index: ReturnType<typeof clientIndex>, renderIndex: RenderIndex | undefined): FastRoute {
  const noCache = (res: { setHeader(name: string, value: string): unknown }) => void res.setHeader('Cache-Control', 'no-cache');
  return ({ path }) => {
    if (path.startsWith('/api/') || hasExtension(path) || !isClientRoute(path) || (renderIndex && renderIndex.appliesTo?.(path) !== false)) return undefined;
    return async () => ({ answer: await index.prepared(), contentType: HTML, headers: noCache });
  };
}

/** One express app shape for every service: health, metrics, JSON API under /api, errors; a fast lane ahead of it. */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const fastRoutes = [...(options.fastRoutes ?? [])];
  const durations = requestDurations(options.metrics);
  const setSecurityHeaders = securityHeadersFor(options.publicUrl);
  const app = express();
  app.disable('x-powered-by');
  // No weak ETag hashed from every JSON answer: reads are fresh by design (read-your-writes), and
  // files and QSL cards set their own validators.
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);
  // Express 5's default, said out loud: names stay flat (`a[b][c]=1` is one key), so no query
  // nests deeper than a list of values (decision 0050).
  app.set('query parser', 'simple');
  // Companion apps' /index.php/api/..., // and trailing slashes become /api/... before anything routes.
  app.use(normaliseApiPath);
  app.use(securityHeaders(setSecurityHeaders), compressedAnswers);
  app.use(healthRouter(options.metrics, options.readinessChecks, options.metricsToken));
  app.use('/api', requestLog(options.logger), apiAnswersUncached);
  app.use(refuseUnstorableAddress);
  app.use('/api', requestMetrics(durations));
  if (options.ownBodyApi?.length) app.use('/api', ...options.ownBodyApi);
  app.use('/api', express.json({ limit: '1mb', verify: verifyUtf8 }), refuseUnstorableBody, ...options.apiRouters);
  app.use('/api', (_req, _res, next) => next(new HttpError(404, 'No such call.')));
  if (options.rootRouters?.length) app.use(...options.rootRouters);
  if (options.webDist && existsSync(join(options.webDist, 'index.html'))) {
    const index = clientIndex(join(options.webDist, 'index.html'));
    const renderIndex = options.renderIndex;
    fastRoutes.push(plainClientPages(index, renderIndex));
    // No source maps in public (the build makes none; an old one left in the folder stays unserved).
    app.use((req, _res, next) => next(req.path.endsWith('.map') ? new HttpError(404, 'Not found.') : undefined));
    // The built files all have an extension; a client route (/news, /W1AW) skips looking for one on disk.
    const files = [precompressedFiles(options.webDist, { maxAge: '1h' }), express.static(options.webDist, { index: false, maxAge: '1h' })];
    app.use(...files.map((serve) => (req: Request, res: Response, next: NextFunction) => (hasExtension(req.path) ? serve(req, res, next) : next())));
    app.get(/.*/, (req, res, next) => {
      res.setHeader('Cache-Control', 'no-cache');
      // The client shows 'Page not found' for a path it has no page for; the status says so too.
      if (!isClientRoute(req.path)) res.status(404);
      const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
      index
        .read()
        .then((html) => (renderIndex ?? (async () => html))(req.path, html, origin).catch((error: unknown) => {
          // The page works without its meta: log and send it plain.
          options.logger.warn({ err: error, path: req.path }, 'page meta failed');
          return html;
        }))
        .then((html) => void res.type('html').send(html), next);
    });
  }
  app.use(errorHandler(options.logger));
  return { app, handle: withFastLane(fastRoutes, app, durations, setSecurityHeaders) };
}

function hasExtension(path: string): boolean {
  return path.lastIndexOf('.') > path.lastIndexOf('/');
}
