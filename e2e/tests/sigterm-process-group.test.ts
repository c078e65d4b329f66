import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@hamlog/infra/postgres/embedded';

const root = resolve(new URL('../..', import.meta.url).pathname);

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` (scripts/start.mjs) in a process group of its own, as a terminal or container runs it. */
async function launch(dataDir: string, port: number): Promise<Run> {
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`server not ready in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, exited };
}

async function post<T>(port: number, path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('SIGTERM to the whole process group of `npm start`', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-sigterm-'));
  let run: Run | null = null;
  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      process.kill(-run.child.pid!, 'SIGTERM');
      await run.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 without a stack trace, stops its PostgreSQL cleanly, and starts again on intact data', async () => {
    const port = await freePort();
    run = await launch(dataDir, port);
    const reg = await post<{ token: string }>(port, '/vregister', { email: 'sigterm@example.com', my_callsign: 'K1TRM' });
    expect(reg.status).toBe(200);
    const logged = await post(port, '/vqso/upsert', { data: { Call: 'W1AW', Freq: 14074, Mode: 'FT8' } }, reg.body.token);
    expect(logged.status).toBe(201);

    // Writes in flight when the signal comes: the ones the server accepted must finish.
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      post(port, '/vqso/upsert', { data: { Call: `K${i % 10}ABC`, Freq: 7074 + i, Mode: 'FT8', TS: `2025-02-0${1 + (i % 9)}T10:${10 + i}:00Z` } }, reg.body.token).then(
        (answer) => answer.status,
        () => 'refused' as const,
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    // What Ctrl-C, `docker stop` or `kill -- -pgid` does: every process of the group gets the signal.
    process.kill(-run.child.pid!, 'SIGTERM');
    const code = await run.exited;
    const answers = await Promise.all(inFlight);
    expect(run.output()).not.toMatch(/^\s+at /m);
    expect(run.output()).not.toContain('"level":50');
    expect(code).toBe(0);
    expect(answers.filter((a) => a !== 201 && a !== 'refused')).toEqual([]);
    const written = answers.filter((a) => a === 201).length;
    // PostgreSQL removes its pid file only on a clean shutdown.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    run = await launch(dataDir, port);
    const count = await post<{ count: number }>(port, '/vlogbookcount', {}, reg.body.token);
    expect(count).toEqual({ status: 200, body: { count: 1 + written } });
  }, 120_000);
});
