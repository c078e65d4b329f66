import { Router } from 'express';
import type { MetricsRegistry } from '../observability/metrics';

/** /healthz (the process is up), /readyz (every check passes), /metrics (Prometheus text). */
export function healthRouter(metrics: MetricsRegistry, readinessChecks: (() => Promise<void>)[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    Promise.all(readinessChecks.map((check) => check()))
      .then(() => res.json({ status: 'ready' }))
      .catch((error: unknown) => res.status(503).json({ status: 'not ready', reason: (error as Error).message }));
  });
  router.get('/metrics', (_req, res) => {
    metrics
      .render()
      .then((text) => res.type('text/plain; version=0.0.4').send(text))
      .catch(() => res.status(500).end());
  });
  return router;
}
