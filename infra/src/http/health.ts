import { Router } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsRegistry } from '../observability/metrics';
import { HttpError } from './http-error';

/**
 * /healthz (the process is up), /readyz (every check passes), /metrics (Prometheus text, only
 * with the bearer token METRICS_TOKEN: the port is public in the one-process default).
 */
export function healthRouter(metrics: MetricsRegistry, readinessChecks: (() => Promise<void>)[], metricsToken?: string): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    Promise.all(readinessChecks.map((check) => check()))
      .then(() => res.json({ status: 'ready' }))
      .catch((error: unknown) => res.status(503).json({ status: 'not ready', reason: (error as Error).message }));
  });
  router.get('/metrics', (req, res, next) => {
    if (!metricsToken) return next(new HttpError(404, 'Not found.'));
    if (!sameSecret(req.get('authorization') ?? '', `Bearer ${metricsToken}`)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return next(new HttpError(401, 'The metrics need their token.'));
    }
    metrics
      .render()
      .then((text) => res.type('text/plain; version=0.0.4').send(text))
      .catch(() => res.status(500).end());
  });
  return router;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
