import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { EventStore, RecordedEvent } from '@hamlog/infra/ports/event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { Projector } from '../src/runtime/projector';
import { ProjectorGroup } from '../src/runtime/projector-group';
import type { Projection } from '../src/runtime/projection';
import { resetProjection } from '../src/runtime/rebuild';

/** A projection that counts how often it applied each event, and how many transactions it ran. */
function counting(name: string, canHandle: string[], options: { failTimes?: number; gatherMs?: number } = {}) {
  const stats = { transactions: 0, failuresLeft: options.failTimes ?? 0 };
  const table = `applied_${name}`;
  const projection: Projection = {
    name,
    canHandle,
    tables: [table],
    ...(options.gatherMs ? { gatherMs: options.gatherMs } : {}),
    migrations: [{ id: '001', sql: `CREATE TABLE ${table} (event_id text PRIMARY KEY, times int NOT NULL)` }],
    async apply(client, events) {
      if (stats.failuresLeft > 0) {
        stats.failuresLeft -= 1;
        throw new Error(`${name} fails on purpose`);
      }
      stats.transactions += 1;
      for (const e of events) {
        await client.query(
          `INSERT INTO ${table} (event_id, times) VALUES ($1, 1) ON CONFLICT (event_id) DO UPDATE SET times = ${table}.times + 1`,
          [e.id],
        );
      }
    },
  };
  return { projection, stats, table };
}

/** The real store, counting the reads of the log that returned events. */
function countingReads(store: EventStore) {
  const reads = { nonEmpty: 0 };
  const counted: EventStore = {
    ...store,
    append: (r) => store.append(r),
    appendMany: (r) => store.appendMany(r),
    streamRevisions: (ids) => store.streamRevisions(ids),
    readStream: (id, o) => store.readStream(id, o),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    readAll: async (after, max) => {
      const events = await store.readAll(after, max);
      if (events.length > 0) reads.nonEmpty += 1;
      return events;
    },
    subscribeAll: (after, handler, options) =>
      store.subscribeAll(after, (events: RecordedEvent[]) => {
        reads.nonEmpty += 1;
        return handler(events);
      }, options),
  };
  return { store: counted, reads };
}

async function appendTicks(store: EventStore, count: number, type = 'Tick'): Promise<number> {
  const results = await store.appendMany(
    Array.from({ length: count }, () => ({ streamId: `tick-${randomUUID()}`, expectedRevision: 'no_stream' as const, events: [{ id: randomUUID(), type, data: {} }] })),
  );
  return results[results.length - 1]!.position;
}

async function timesApplied(pool: Pool, table: string): Promise<number[]> {
  const { rows } = await pool.query<{ times: number }>(`SELECT times FROM ${table}`);
  return rows.map((r) => r.times);
}

describe('projectors sharing one read of the log', () => {
  let db: TestDatabase;
  let pool: Pool;
  let raw: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('group');
    pool = createPool(db.url, 8);
    raw = await PostgresEventStore.create(pool, { pollIntervalMs: 100 });
  });
  afterAll(async () => {
    await raw.close();
    await pool.end();
    await db.drop();
  });

  it('reads each batch once for every member, and moves idle members without a transaction of theirs', async () => {
    const { store, reads } = countingReads(raw);
    const ticks = counting('ticks', ['Tick']);
    const alsoTicks = counting('also_ticks', ['Tick']);
    const rare = counting('rare', ['Rare']);
    const members = [ticks, alsoTicks, rare].map((c) => new Projector(store, pool, c.projection));
    const group = new ProjectorGroup(store, pool, members);
    await group.start();
    let head = 0;
    for (let i = 0; i < 10; i += 1) head = await appendTicks(store, 40);
    await Promise.all(members.map((m) => m.waitFor(head, 20_000)));
    await group.stop();

    expect(await timesApplied(pool, ticks.table)).toEqual(Array(400).fill(1));
    expect(await timesApplied(pool, alsoTicks.table)).toEqual(Array(400).fill(1));
    // One read per batch for all three (three followers of their own would read three times as often).
    expect(reads.nonEmpty).toBe(ticks.stats.transactions);
    expect(alsoTicks.stats.transactions).toBe(ticks.stats.transactions);
    // The member that handles none of it ran no transaction, yet its stored checkpoint is at the head.
    expect(rare.stats.transactions).toBe(0);
    const { rows } = await pool.query<{ name: string; position: number }>('SELECT name, position FROM projection_checkpoints ORDER BY name');
    expect(rows).toEqual([
      { name: 'also_ticks', position: head },
      { name: 'rare', position: head },
      { name: 'ticks', position: head },
    ]);
  });

  it('lets a member that fails or is reset catch up on its own while the others go on, applying each event once', async () => {
    const steady = counting('steady', ['Beat']);
    const flaky = counting('flaky', ['Beat'], { failTimes: 2 });
    const rebuilt = counting('rebuilt', ['Beat']);
    const members = [steady, flaky, rebuilt].map((c) => new Projector(raw, pool, c.projection));
    const group = new ProjectorGroup(raw, pool, members);
    await group.start();
    let head = await appendTicks(raw, 100, 'Beat');
    await members[0]!.waitFor(head, 20_000);

    await resetProjection(pool, rebuilt.projection); // as `npm run rebuild` beside a running server
    for (let i = 0; i < 5; i += 1) head = await appendTicks(raw, 50, 'Beat');
    await Promise.all(members.map((m) => m.waitFor(head, 20_000)));
    await group.stop();

    for (const c of [steady, flaky, rebuilt]) expect(await timesApplied(pool, c.table)).toEqual(Array(350).fill(1));
    expect(flaky.stats.failuresLeft).toBe(0);
  });

  it('starts a member that is behind from its own checkpoint, beside members at the head', async () => {
    const head = await raw.headPosition();
    const late = counting('late', ['Tick', 'Beat']);
    const early = counting('ticks', ['Tick']); // already at the head from the first test
    const members = [early, late].map((c) => new Projector(raw, pool, c.projection));
    const group = new ProjectorGroup(raw, pool, members);
    await group.start();
    await Promise.all(members.map((m) => m.waitFor(head, 20_000)));
    await group.stop();
    expect(await timesApplied(pool, late.table)).toEqual(Array(400 + 350).fill(1));
    expect(early.stats.transactions).toBe(0);
  });

  it('lets a gathering member apply a trickle of live events in fewer, bigger batches, each event once, also after a failed batch', async () => {
    const eager = counting('eager', ['Drip']);
    const gathering = counting('gathering', ['Drip'], { gatherMs: 400 });
    const failing = counting('gathering_failing', ['Drip'], { gatherMs: 400, failTimes: 1 });
    const members = [eager, gathering, failing].map((c) => new Projector(raw, pool, c.projection));
    const group = new ProjectorGroup(raw, pool, members);
    await group.start();
    let head = 0;
    for (let i = 0; i < 12; i += 1) {
      head = await appendTicks(raw, 5, 'Drip');
      await new Promise((r) => setTimeout(r, 120));
    }
    await Promise.all(members.map((m) => m.waitFor(head, 20_000)));
    await group.stop();

    for (const c of [eager, gathering, failing]) expect(await timesApplied(pool, c.table)).toEqual(Array(60).fill(1));
    // 12 appends 120 ms apart: the eager member takes about one batch each, the gathering one about one per 400 ms.
    expect(eager.stats.transactions).toBeGreaterThanOrEqual(8);
    expect(gathering.stats.transactions).toBeLessThanOrEqual(eager.stats.transactions / 2);
    expect(failing.stats.failuresLeft).toBe(0);
  });
});
