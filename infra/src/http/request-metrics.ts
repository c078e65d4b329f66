import type { NextFunction, Request, Response } from 'express';
import { Histogram, type MetricsRegistry } from '../observability/metrics';

/** API requests' durations by route and status: one histogram, which the fast lane (fast-lane.ts) fills too. */
export function requestDurations(metrics: MetricsRegistry): Histogram {
  return metrics.register(new Histogram('http_request_duration_seconds', 'HTTP request duration by route and status'));
}

/** Records each API request's duration by route and status. */
export function requestMetrics(histogram: Histogram) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      histogram.observe(Number(process.hrtime.bigint() - started) / 1e9, { route: `${req.baseUrl}${route}`, status: String(res.statusCode) });
    });
    next();
  };
}
