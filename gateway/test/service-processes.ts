/**
 * The production shape in tests: each service its own process running its build (dist/services),
 * nginx in front (gateway/src/shape). These helpers give the tests' shared DATA_DIR and the shape on
 * PostgreSQL alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFrontDoor, startService, type RunningProcess, type ServiceName } from '../src/shape/service-processes';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';

export interface ServiceProcesses {
  /** Starts a service on a free port (or `port`: a restart) and answers its address once it is ready. */
  start(name: ServiceName, extra?: Record<string, string>, port?: number): Promise<string>;
  /** nginx in front of these instances; answers its address. */
  frontDoor(commandApis: string[], queryApis: string[]): Promise<string>;
  /** Every process started, in order. */
  processes(): RunningProcess[];
  /** Stops every process started (nginx and the APIs first, the workers last). */
  stop(): Promise<void>;
}

const hostPort = (url: string) => new URL(url).host;

/**
 * Services sharing `env` (DATABASE_URL and the engines' addresses) and one temporary DATA_DIR
 * (uploaded files: the shared volume of the production shape), removed when they stop.
 */
export function serviceProcesses(env: NodeJS.ProcessEnv): ServiceProcesses {
  const started: RunningProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-services-'));
  return {
    async start(name, extra = {}, port) {
      // Tests register many accounts from one address: the registration quota has its own test.
      const running = await startService(name, { REGISTRATION_QUOTA: 'off', ...env, DATA_DIR: dataDir, ...extra }, port);
      started.push(running);
      return running.url;
    },
    async frontDoor(commandApis, queryApis) {
      const nginx = await startFrontDoor({ commandApi: commandApis.map(hostPort), queryApi: queryApis.map(hostPort) });
      started.push(nginx);
      return nginx.url;
    },
    processes: () => [...started],
    async stop() {
      const workers = (p: RunningProcess) => p.name === 'projectors' || p.name === 'stream';
      await Promise.all(started.filter((p) => !workers(p)).map((p) => p.stop()));
      await Promise.all(started.filter(workers).map((p) => p.stop()));
      started.length = 0;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the `workers`, then command-api and query-api, then nginx in front of the two; answers nginx's address. */
export async function startBehindFrontDoor(services: ServiceProcesses, workers: ServiceName[]): Promise<string> {
  for (const worker of workers) await services.start(worker);
  const [commandApi, queryApi] = await Promise.all([services.start('command-api'), services.start('query-api')]);
  return services.frontDoor([commandApi!], [queryApi!]);
}

export interface SplitShape {
  db: TestDatabase;
  /** nginx's address. */
  gateway: string;
  stop(): Promise<void>;
}

/**
 * The production shape on PostgreSQL alone, so it runs wherever the tests do: a fresh test database,
 * the projectors, command-api and query-api each in their own process behind nginx.
 */
export async function startSplitShape(dbPrefix: string, env: Record<string, string> = {}): Promise<SplitShape> {
  const db = await createTestDatabase(dbPrefix);
  const services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', EVENTSTORE_URL: '', LOG_LEVEL: 'warn', ...env });
  const stop = async () => {
    await services.stop();
    await db.drop();
  };
  try {
    return { db, gateway: await startBehindFrontDoor(services, ['projectors']), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
