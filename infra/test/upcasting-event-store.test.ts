import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upcaster } from '@hamlog/domain/upcasters';
import { PostgresEventStore } from '../src/event-store';
import { withUpcasting } from '../src/event-store/upcasting-event-store';
import type { EventStore, RecordedEvent } from '../src/ports/event-store';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

// A contact's name was once one field, then split; a later version added a default power.
const upcasters: Upcaster[] = [
  { type: 'SampleLogged', fromVersion: 1, upcast: (d) => ({ first: String((d as { name: string }).name).split(' ')[0] }) },
  { type: 'SampleLogged', fromVersion: 2, upcast: (d) => ({ ...(d as object), power: 100 }) },
];

describe('upcasting where events are read', () => {
  let database: TestDatabase;
  let raw: PostgresEventStore;
  let store: EventStore;
  const streamId = `sample-${randomUUID()}`;

  beforeAll(async () => {
    database = await createTestDatabase('upcast');
    raw = await PostgresEventStore.connect(database.url, { pollIntervalMs: 50 });
    store = withUpcasting(raw, upcasters);
    await store.append({
      streamId,
      expectedRevision: 'no_stream',
      events: [
        { id: randomUUID(), type: 'SampleLogged', version: 1, data: { name: 'Hiram Maxim' } },
        { id: randomUUID(), type: 'SampleLogged', version: 2, data: { first: 'Ada' } },
        { id: randomUUID(), type: 'SampleLogged', version: 3, data: { first: 'Grace', power: 5 } },
        { id: randomUUID(), type: 'OtherThing', version: 1, data: { name: 'untouched' } },
      ],
    });
  });
  afterAll(async () => {
    await raw?.close();
    await database?.drop();
  });

  const current = [
    { type: 'SampleLogged', version: 3, data: { first: 'Hiram', power: 100 } },
    { type: 'SampleLogged', version: 3, data: { first: 'Ada', power: 100 } },
    { type: 'SampleLogged', version: 3, data: { first: 'Grace', power: 5 } },
    { type: 'OtherThing', version: 1, data: { name: 'untouched' } },
  ];
  const shape = (events: RecordedEvent[]) => events.map(({ type, version, data }) => ({ type, version, data }));

  it('hands out every old version at the current one, from a stream and from the log', async () => {
    expect(shape(await store.readStream(streamId))).toEqual(current);
    expect(shape(await store.readAll(null, 10))).toEqual(current);
  });

  it('upcasts what a subscription delivers', async () => {
    const seen: RecordedEvent[] = [];
    const done = new Promise<void>((resolve) => {
      const sub = store.subscribeAll(null, async (events) => {
        seen.push(...events);
        if (seen.length >= 4) void sub.stop().then(resolve);
      });
    });
    await done;
    expect(shape(seen)).toEqual(current);
  });

  it('never rewrites what is stored', async () => {
    expect(shape(await raw.readStream(streamId)).map((e) => [e.version, e.data])).toEqual([
      [1, { name: 'Hiram Maxim' }],
      [2, { first: 'Ada' }],
      [3, { first: 'Grace', power: 5 }],
      [1, { name: 'untouched' }],
    ]);
  });

  it('is the store itself when there is nothing to upcast', () => {
    expect(withUpcasting(raw, [])).toBe(raw);
  });
});
