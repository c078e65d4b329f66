import type { EmbeddedServerOptions } from '../../gateway/src/embedded-runtime';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('../..', import.meta.url).pathname);

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface ProductServer {
  url: string;
  dataDir: string;
  /** Stops the server (SIGTERM) and starts it again on the same data. */
  restart(): Promise<void>;
  /** Stops the server (SIGTERM), keeping its data; resume() starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Kills the server with SIGKILL, as a power cut or the OOM killer would; its PostgreSQL is left running. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Test knobs of startEmbeddedServer a journey may set: plain values, as they cross into the
 * server's process as JSON (how soon the confirmation sync runs after logging, QRZ's gap between calls).
 */
export type ProductServerOptions = Pick<EmbeddedServerOptions, 'confirmationSyncAfterMs' | 'qrzCallGapMs'>;

/**
 * The product as a user runs it: the one-process server on its embedded default (its own
 * PostgreSQL under a fresh data folder), serving the built client. With `options` it is started
 * through e2e/src/embedded-server-main.ts, which passes them to startEmbeddedServer.
 */
export async function startProductServer(
  /** More environment for the server (e.g. STRIPE_* pointing at a local fake). */
  extraEnv: Record<string, string> = {},
  options: ProductServerOptions = {},
): Promise<ProductServer> {
  const knobs = Object.keys(options).length > 0;
  const entry = knobs ? 'e2e/src/embedded-server-main.ts' : 'gateway/src/main.ts';
  const knobEnv: Record<string, string> = knobs ? { HAMLOG_E2E_SERVER_OPTIONS: JSON.stringify(options) } : {};
  const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const launch = async () => {
    log = '';
    child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      // The journeys register more accounts from 127.0.0.1 than one address may in an hour.
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', REGISTRATION_QUOTA: 'off', ...knobEnv, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
      const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`server not ready in 30 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };

  await launch();
  return {
    url,
    dataDir,
    restart: async () => {
      await halt();
      await launch();
    },
    pause: halt,
    resume: launch,
    crash: async () => {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
