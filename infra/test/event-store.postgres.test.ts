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
    const data = { name: "O'Brien \\ \"Bob\" Zoë 📻", comment: "'; DROP TABLE es_events; --", n: 1.5, nested: { empty: '' }, notNul: 'a \\u0000 written out' };
    await Promise.all([store.append({ streamId, events: [event(data)], expectedRevision: 'no_stream' }), store.append({ streamId: `other-${randomUUID()}`, events: [event()], expectedRevision: 'any' })]);
    const [read] = await store.readStream(streamId);
    expect(read?.streamId).toBe(streamId);
    expect(read?.data).toEqual(data);
  });

  it('writes a big appendMany (an import chunk) by COPY: every byte kept, positions gap-free, heads moved, retries idempotent', async () => {
    const head = await store.headPosition();
    const odd = { name: "tab\there, new\nline, CR\r, back\\slash \\N, O'Brien Zoë 📻", n: 1.5 };
    const requests = Array.from({ length: 1_200 }, (_, i) => ({
      streamId: i === 0 ? `copy-\\N-tab\t-${randomUUID()}` : `copy-${randomUUID()}`,
      events: [event(i % 2 === 0 ? odd : { i })],
      expectedRevision: 'no_stream' as const,
    }));
    const existing = `copy-existing-${randomUUID()}`;
    await store.append({ streamId: existing, events: [event()], expectedRevision: 'no_stream' });
    requests.push({ streamId: existing, events: [event({ later: true })], expectedRevision: 0 as never });
    const results = await store.appendMany(requests);
    expect(results.map((r) => r.position)).toEqual(Array.from({ length: requests.length }, (_, i) => head + 2 + i));
    expect(results[results.length - 1]).toMatchObject({ streamId: existing, nextRevision: 1 });
    const [first] = await store.readStream(requests[0]!.streamId);
    expect(first).toMatchObject({ streamId: requests[0]!.streamId, data: odd, revision: 0 });
    const revisions = await store.streamRevisions(requests.map((r) => r.streamId));
    expect(revisions.size).toBe(requests.length);
    expect(revisions.get(existing)).toBe(1);
    expect(await store.appendMany(requests)).toEqual(results);
    expect(await store.headPosition()).toBe(head + 1 + requests.length);
  });

  it('writes small appends queued behind a big one first, once: a logged QSO does not wait for a whole import', async () => {
    const big = Array.from({ length: 600 }, () => ({ streamId: `big-${randomUUID()}`, events: [event()], expectedRevision: 'no_stream' as const }));
    const small = (label: string) => store.append({ streamId: `${label}-${randomUUID()}`, events: [event()], expectedRevision: 'no_stream' });
    const [bigResults, first] = await Promise.all([store.appendMany(big), small('small-1')]);
    expect(first.position).toBeLessThan(bigResults[0]!.position);
    expect(bigResults.map((r) => r.position)).toEqual(bigResults.map((_, i) => bigResults[0]!.position + i));
  });

  it("answers reads of the log's tail it just wrote from memory, exactly as the database would", async () => {
    const other = await PostgresEventStore.connect(await url(), { recentEventsBytes: 0 });
    try {
      const head = await store.headPosition();
      const small = Array.from({ length: 3 }, () => ({ streamId: `tail-${randomUUID()}`, events: [event({ n: 1, 'ü': 'Zoë 📻' })], expectedRevision: 'no_stream' as const }));
      const big = Array.from({ length: 700 }, (_, i) => ({ streamId: `tail-${randomUUID()}`, events: [{ ...event({ i, nested: { list: [1, 'two', null] } }), metadata: { userId: 'u-1', at: i % 2 } }], expectedRevision: 'no_stream' as const }));
      await Promise.all(small.map((r) => store.append(r)));
      await store.appendMany(big);
      // Written by another process meanwhile: read from the database, not skipped.
      await other.append({ streamId: `tail-${randomUUID()}`, events: [event({ other: true })], expectedRevision: 'no_stream' });
      await store.append({ streamId: `tail-${randomUUID()}`, events: [event({ last: true })], expectedRevision: 'no_stream' });
      const fromMemory: RecordedEvent[] = [];
      for (let at = head; fromMemory.length < 705; ) {
        const batch = await store.readAll(at, 100);
        fromMemory.push(...batch);
        at = batch[batch.length - 1]!.position;
      }
      const fromDatabase = await other.readAll(head, 1_000);
      expect(fromDatabase).toHaveLength(705);
      expect(fromMemory).toEqual(fromDatabase);
    } finally {
      await other.close();
    }
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
