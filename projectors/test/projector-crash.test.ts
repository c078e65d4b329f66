import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';

const fixture = fileURLToPath(new URL('./fixtures/counting-projector.ts', import.meta.url));
const TOTAL = 3_000;

function startChild(url: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fixture, url], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function checkpoint(pool: Pool): Promise<number> {
  const { rows } = await pool
    .query<{ position: number }>("SELECT position FROM projection_checkpoints WHERE name = 'counting'")
    .catch(() => ({ rows: [] as { position: number }[] }));
  return rows[0]?.position ?? 0;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('projector crash safety (real child process, SIGKILL mid-batch)', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('crash');
    pool = createPool(db.url, 4);
    const store = await PostgresEventStore.create(pool);
    const requests = Array.from({ length: TOTAL / 10 }, (_, s) => ({
      streamId: `crash-${s}`,
      expectedRevision: 'no_stream' as const,
      events: Array.from({ length: 10 }, (_, i) => ({ id: randomUUID(), type: 'Tick', data: { s, i } })),
    }));
    await store.appendMany(requests);
    await store.close();
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('applies every event exactly once across three kills and a final run', async () => {
    let previous = 0;
    for (let kill = 0; kill < 3; kill += 1) {
      const child = startChild(db.url);
      await until(async () => (await checkpoint(pool)) > previous, 30_000, 'progress before the kill');
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      previous = await checkpoint(pool);
      expect(previous).toBeLessThan(TOTAL);
    }
    const child = startChild(db.url);
    await until(async () => (await checkpoint(pool)) === TOTAL, 60_000, 'the projector to finish');
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));

    const { rows } = await pool.query<{ n: number; max_times: number; min_pos: number; max_pos: number }>(
      'SELECT count(*)::int AS n, max(times) AS max_times, min(position) AS min_pos, max(position) AS max_pos FROM applied_events',
    );
    expect(rows[0]).toEqual({ n: TOTAL, max_times: 1, min_pos: 1, max_pos: TOTAL });
  }, 120_000);
});
