import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@hamlog/infra/postgres/embedded';
import type { RunningServer } from '../src/embedded-runtime';
import { ApiClient, startServerOn } from './server-harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WORKERS = 24;
const USERS = 3;

/** Worker w's i-th contact: its own call and minute, so every acknowledged QSO is a distinct one. */
function contact(w: number, i: number) {
  const letters = String.fromCharCode(65 + (i % 26)) + String.fromCharCode(65 + Math.floor(i / 26) % 26);
  const minute = new Date(Date.UTC(2025, 0, 1, 0, 0) + (w * 1_000 + i) * 60_000).toISOString();
  return { data: { Call: `K${w % 10}${String.fromCharCode(65 + Math.floor(w / 10))}${letters}`, TS: minute, Freq: 14074, Mode: 'FT8' } };
}

async function wholeLogbook(user: ApiClient): Promise<{ qdo_id: string; Call: string }[]> {
  const all: { qdo_id: string; Call: string }[] = [];
  for (let page = 1; ; page++) {
    const rows = (await user.post<{ logbook: typeof all }>('/vlogbook', { page, size: 500 })).body.logbook;
    all.push(...rows);
    if (rows.length < 500) return all;
  }
}

describe('PostgreSQL restarting under load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hamlog-pg-restart-'));
  let pg: EmbeddedPostgresHandle | null = null;
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('survives, answers 503 while it is away, and keeps every acknowledged QSO exactly once', async () => {
    const port = await freePort();
    pg = await startEmbeddedPostgres(dir, { port, quiet: true });
    server = await startServerOn(pg.url, { DATA_DIR: join(dir, 'data') });
    const url = `http://127.0.0.1:${server.port}`;
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, u) => {
        const client = new ApiClient(url);
        await client.signUp(`restart${u}@example.com`, `W${u}RST`);
        return client;
      }),
    );

    const acknowledged = users.map(() => new Map<string, string>());
    const unexpected: string[] = [];
    let retries = 0;
    let running = true;
    /** Logs like a client on a bad line: the same QSO again after a 503 or a network error. */
    const worker = async (w: number) => {
      const user = users[w % USERS]!;
      for (let i = 0; running; i++) {
        const body = contact(w, i);
        for (;;) {
          const res = await fetch(`${url}/api/vqso/upsert`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
            body: JSON.stringify(body),
          }).catch(() => null);
          if (res && res.status < 300) {
            const answer = (await res.json()) as { qdo_id: string };
            acknowledged[w % USERS]!.set(body.data.Call, answer.qdo_id);
            await sleep(50);
            break;
          }
          if (res && res.status !== 503) {
            unexpected.push(`${res.status} ${await res.text()}`);
            break;
          }
          if (res) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          retries++;
          await sleep(100 + Math.random() * 200);
        }
      }
    };
    const readiness: number[] = [];
    const watchReadiness = async () => {
      while (running) {
        const status = await fetch(`${url}/readyz`).then((r) => r.status, () => 0);
        if (readiness.at(-1) !== status) readiness.push(status);
        await sleep(50);
      }
    };

    const load = [...Array.from({ length: WORKERS }, (_, w) => worker(w)), watchReadiness()];
    await sleep(1_500);
    await pg.stop();
    await sleep(1_000);
    pg = await startEmbeddedPostgres(dir, { port, quiet: true });
    const back = Date.now() + 20_000;
    while ((await fetch(`${url}/readyz`)).status !== 200 && Date.now() < back) await sleep(100);
    await sleep(1_500);
    running = false;
    await Promise.all(load);

    expect(unexpected).toEqual([]);
    expect(readiness).toEqual([200, 503, 200]);
    expect(retries).toBeGreaterThan(0);
    for (const [u, user] of users.entries()) {
      const expected = acknowledged[u]!;
      expect(expected.size).toBeGreaterThan(10);
      let logbook: { qdo_id: string; Call: string }[] = [];
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        logbook = await wholeLogbook(user);
        if (logbook.length >= expected.size) break;
        await sleep(200);
      }
      const calls = logbook.map((q) => q.Call);
      expect(new Set(calls).size).toBe(calls.length);
      for (const [call, id] of expected) expect(logbook.find((q) => q.Call === call)?.qdo_id).toBe(id);
      expect((await user.post<{ count: number }>('/vlogbookcount', {})).body.count).toBe(expected.size);
    }
  }, 120_000);
});
