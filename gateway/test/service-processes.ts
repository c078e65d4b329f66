/** The production shape in tests: each service started as its own process (`npm run start -w ...`). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@hamlog/infra/postgres/embedded';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited:\n${log()}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`not ready:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServiceProcesses {
  /** Starts a workspace's service on a free port and answers its address once it is ready. */
  start(workspace: string, extra?: Record<string, string>, args?: string[]): Promise<string>;
  /** Stops every service started (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/**
 * Services sharing `env` (DATABASE_URL and the engines' addresses) and one temporary DATA_DIR
 * (uploaded files: the shared volume of the production shape), removed when they stop.
 */
export function serviceProcesses(env: NodeJS.ProcessEnv): ServiceProcesses {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-services-'));
  return {
    async start(workspace, extra = {}, args = []) {
      const port = await freePort();
      let log = '';
      // Its own process group, so stopping it reaches npm's children too.
      const child = spawn('npm', ['run', 'start', '--silent', '-w', workspace, '--', ...args], {
        // Tests register many accounts from one address: the registration quota has its own test.
        env: { REGISTRATION_QUOTA: 'off', ...env, DATA_DIR: dataDir, PORT: String(port), ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, child, () => log);
      return url;
    },
    async stop() {
      const signalGroup = (c: ChildProcess, signal: NodeJS.Signals) => {
        try {
          process.kill(-(c.pid as number), signal);
        } catch {
          // already gone
        }
      };
      await Promise.all(
        children.map(
          (c) =>
            new Promise((r) => {
              if (c.exitCode !== null || c.signalCode !== null) return r(null);
              c.once('exit', r);
              signalGroup(c, 'SIGTERM');
              setTimeout(() => signalGroup(c, 'SIGKILL'), 5_000).unref();
            }),
        ),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts command-api, query-api and the other `workers` each in its own process, then the gateway
 * proxying to the first two; answers the gateway's address.
 */
export async function startBehindGateway(services: ServiceProcesses, workers: string[]): Promise<string> {
  const [commandApi, queryApi] = await Promise.all(['@hamlog/command-api', '@hamlog/query-api', ...workers].map((w) => services.start(w)));
  return services.start('@hamlog/gateway', { COMMAND_API_URL: commandApi as string, QUERY_API_URL: queryApi as string }, ['--proxy']);
}

export interface SplitShape {
  db: TestDatabase;
  /** The gateway's address. */
  gateway: string;
  stop(): Promise<void>;
}

/**
 * The production shape on PostgreSQL alone, so it runs wherever the tests do: a fresh test database,
 * command-api, query-api and the projectors each in their own process behind the gateway.
 */
export async function startSplitShape(dbPrefix: string, env: Record<string, string> = {}): Promise<SplitShape> {
  const db = await createTestDatabase(dbPrefix);
  const services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', EVENTSTORE_URL: '', LOG_LEVEL: 'warn', ...env });
  const stop = async () => {
    await services.stop();
    await db.drop();
  };
  try {
    return { db, gateway: await startBehindGateway(services, ['@hamlog/projectors']), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
