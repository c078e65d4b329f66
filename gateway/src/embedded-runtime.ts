import type { Server } from 'node:http';
import { commandRouter } from '@hamlog/command-api';
import { SessionStore, sessionMigrations } from '@hamlog/infra/auth/session-store';
import type { Config } from '@hamlog/infra/config/config';
import { createHttpApp } from '@hamlog/infra/http/app';
import type { Logger } from '@hamlog/infra/observability/logger';
import { Gauge, Histogram, MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool } from '@hamlog/infra/postgres/pool';
import { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { openAggregates, openEventStore, openMessageStream, isDurableStream } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { Projector, projections } from '@hamlog/projectors';
import { queryRouter } from '@hamlog/query-api';
import { EventForwarder, QSO_FACTS_CONSUMER, startQsoFactsConsumer } from '@hamlog/stream';

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Everything in one process: database (embedded unless DATABASE_URL), event store, projectors,
 * stream forwarder and consumers, the command and query APIs and the built client.
 */
export async function startEmbeddedServer(config: Config, logger: Logger): Promise<RunningServer> {
  const db = await openDatabase(config, { quiet: process.env.LOG_LEVEL === 'silent' });
  const pool = createPool(db.url, 20);
  const derivedPool = createPool(db.url, 12, { derived: true });
  await runMigrations(pool, 'auth', sessionMigrations);
  const store = await openEventStore(config, pool);
  const sessions = new SessionStore(pool);
  await sessions.listenForRevocations();
  const progress = new ProjectionProgress(pool);
  await progress.start();

  const projectors = Object.values(projections).map((p) => new Projector(store, derivedPool, p, logger));
  for (const projector of projectors) projector.onProgress((position) => progress.report(projector.name, position));
  await Promise.all(projectors.map((p) => p.start()));

  const stream = openMessageStream(config, 'hamlog-embedded');
  const aggregates = await openAggregates(config, derivedPool);
  const consumer = await startQsoFactsConsumer(stream, aggregates, derivedPool, logger);
  const forwarder = new EventForwarder(store, stream, derivedPool, { durableStream: isDurableStream(config), consumers: [QSO_FACTS_CONSUMER], logger });
  await forwarder.start();

  const metrics = new MetricsRegistry();
  const lag = metrics.register(
    new Histogram('projection_lag_seconds', 'Time from an event\'s append to its read-model row', [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5]),
  );
  for (const projector of projectors) {
    projector.onApplied((events) => {
      const now = Date.now();
      for (const e of events) lag.observe((now - e.createdAt.getTime()) / 1000, { projection: projector.name });
    });
  }
  metrics.register(
    new Gauge('projection_lag_events', 'Events in the log not yet applied, per projector', async () => {
      const head = await store.headPosition();
      return [
        ...projectors.map((p) => ({ labels: { projection: p.name }, value: Math.max(0, head - p.position) })),
        { labels: { projection: 'forwarder' }, value: Math.max(0, head - forwarder.position) },
      ];
    }),
  );
  const app = createHttpApp({
    logger,
    metrics,
    readinessChecks: [async () => void (await pool.query('SELECT 1'))],
    apiRouters: [commandRouter({ store, sessions, logger }), queryRouter({ pool, sessions, progress, aggregates, logger })],
    webDist: config.webDist,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    port,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await forwarder.stop();
      await consumer.stop();
      await Promise.all(projectors.map((p) => p.stop()));
      await stream.close();
      await aggregates.close();
      await progress.stop();
      await sessions.close();
      await store.close();
      await pool.end();
      await derivedPool.end();
      await db.stop();
    },
  };
}
