import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateEventIdError, PostgresEventStore } from '../src/event-store';
import type { RecordedEvent } from '../src/ports/event-store';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';
import { eventStoreContract } from './event-store.contract';

let database: Promise<TestDatabase> | undefined;
const url = async () => (await (database ??= createTestDatabase('es'))).url;

afterAll(async () => {
  await (await database)?.drop();
});

eventStoreContract(
  'PostgreSQL',
  async () => {
    // Each instance has its own pool, as a separate process would.
    const store = await PostgresEventStore.connect(await url(), { poolSize: 4 });
    return { store, cleanup: () => store.close() };
  },
  { atomicAppendMany: true, contiguousPositions: true, rejectsEventIdFromOtherStream: true },
);

describe('PostgresEventStore', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    store = await PostgresEventStore.connect(await url(), { pollIntervalMs: 10_000 });
  });
  afterAll(async () => {
    await store?.close();
  });
  const event = (data: unknown = {}) => ({ id: randomUUID(), type: 'Tested', data });

  it('migrates idempotently, also concurrently, on a caller-owned pool it leaves open', async () => {
    const pool = new pg.Pool({ connectionString: await url(), max: 4 });
    const stores = await Promise.all([1, 2, 3].map(() => PostgresEventStore.create(pool)));
    await stores[0]!.migrate();
    await Promise.all(stores.map((s) => s.close()));
    expect((await pool.query('SELECT 1 AS ok')).rows[0].ok).toBe(1);
    await pool.end();
  });

  it('answers concurrent retries of one request in the same flush with one write', async () => {
    const streamId = `retry-${randomUUID()}`;
    const request = { streamId, events: [event()], expectedRevision: 'no_stream' as const };
    const [a, b] = await Promise.all([store.append(request), store.append(request)]);
    expect(b).toEqual(a);
    expect((await store.readStream(streamId)).length).toBe(1);
  });

  it('isolates a request PostgreSQL refuses from the others in its flush', async () => {
    const good = Array.from({ length: 5 }, () => `ok-${randomUUID()}`);
    const results = await Promise.allSettled([
      ...good.map((streamId) => store.append({ streamId, events: [event()], expectedRevision: 'any' })),
      store.append({ streamId: `bad-${randomUUID()}`, events: [event({ text: 'nul \u0000' })], expectedRevision: 'any' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([...good.map(() => 'fulfilled'), 'rejected']);
  });

  it('keeps every byte of stream ids and data that need quoting (they travel as SQL literals)', async () => {
    const streamId = `odd-'quote'-\\back\\slash-Zoë-📻-${randomUUID()}`;
    const data = { name: "O'Brien \\ \"Bob\" Zoë 📻", comment: "'; DROP TABLE es_events; --", n: 1.5, nested: { empty: '' } };
    await Promise.all([store.append({ streamId, events: [event(data)], expectedRevision: 'no_stream' }), store.append({ streamId: `other-${randomUUID()}`, events: [event()], expectedRevision: 'any' })]);
    const [read] = await store.readStream(streamId);
    expect(read?.streamId).toBe(streamId);
    expect(read?.data).toEqual(data);
  });

  it('refuses a NUL in a stream id or type before it reaches the database', async () => {
    await expect(store.append({ streamId: 'nul\u0000id', events: [event()], expectedRevision: 'any' })).rejects.toThrow(/NUL/);
    await expect(store.append({ streamId: `s-${randomUUID()}`, events: [{ id: randomUUID(), type: 'Bad\u0000', data: {} }], expectedRevision: 'any' })).rejects.toThrow(/NUL/);
  });

  it('rejects a whole appendMany when one event id belongs to another stream', async () => {
    const e = event();
    await store.append({ streamId: `a-${randomUUID()}`, events: [e], expectedRevision: 'any' });
    const fresh = `b-${randomUUID()}`;
    await expect(
      store.appendMany([
        { streamId: fresh, events: [event()], expectedRevision: 'any' },
        { streamId: `c-${randomUUID()}`, events: [e], expectedRevision: 'any' },
      ]),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(fresh)).toEqual([]);
  });

  it('rejects ids that are not UUIDs without touching the database', async () => {
    await expect(
      store.append({ streamId: 'x', events: [{ id: 'nope', type: 'T', data: {} }], expectedRevision: 'any' }),
    ).rejects.toThrow(/UUID/);
  });

  it('wakes subscriptions by NOTIFY, well before the poll interval', async () => {
    const head = await store.headPosition();
    const received: RecordedEvent[] = [];
    const sub = store.subscribeAll(head, async (events) => {
      received.push(...events);
    });
    await new Promise((r) => setTimeout(r, 300)); // caught up and listening
    const started = Date.now();
    // Written by another instance: the notification crosses connections.
    const other = await PostgresEventStore.connect(await url());
    await other.append({ streamId: `n-${randomUUID()}`, events: [event()], expectedRevision: 'any' });
    while (received.length === 0 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 5));
    await sub.stop();
    await other.close();
    expect(received.length).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
