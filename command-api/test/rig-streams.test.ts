/** Loading a rig stream from its tail (real PostgreSQL event store). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rigStreamName, type RigReportedData } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { RigStreams } from '../src/rig/rig-streams';

const report = (userId: string, freqHz: number): RigReportedData => ({ userId, rigName: 'IC-7300', freqHz, mode: 'USB', power: 100, at: new Date().toISOString() });

describe('RigStreams', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  /** fromRevision of each read, so a test sees how much of the stream was read. */
  let reads: number[];
  let counting: EventStore;

  const append = (userId: string, freqHz: number) =>
    store.append({ streamId: rigStreamName(userId), expectedRevision: 'any', events: [{ id: randomUUID(), type: 'RigReported', data: report(userId, freqHz) }] });

  beforeAll(async () => {
    db = await createTestDatabase('rig');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    counting = Object.create(store) as EventStore;
    counting.readStream = (streamId, options) => {
      reads.push(options?.fromRevision ?? 0);
      return store.readStream(streamId, options);
    };
    for (let i = 0; i < 5; i += 1) await append('u1', 14_074_000 + i);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const loadWith = async (hint: number | null, userId = 'u1') => {
    reads = [];
    return new RigStreams(counting, async () => hint).load(userId);
  };

  it('reads only the tail from the revision the read model projected', async () => {
    const loaded = await loadWith(3);
    expect(loaded).toMatchObject({ state: { freqHz: 14_074_004 }, revision: 4 });
    expect(reads).toEqual([3]);
  });

  it('reads the whole stream without a hint, or when the hint is past its end', async () => {
    expect((await loadWith(null)).revision).toBe(4);
    expect(reads).toEqual([0]);
    const past = await loadWith(99);
    expect(past).toMatchObject({ state: { freqHz: 14_074_004 }, revision: 4 });
    expect(reads).toEqual([99, 0]);
  });

  it('reads only what is new after the revision it remembers', async () => {
    const streams = new RigStreams(counting, async () => null);
    reads = [];
    streams.remember('u1', await streams.load('u1'));
    await append('u1', 7_074_000);
    expect(await streams.load('u1')).toMatchObject({ state: { freqHz: 7_074_000 }, revision: 5 });
    expect(reads).toEqual([0, 5]);
  });

  it('answers no state for a user whose rig never reported', async () => {
    expect(await loadWith(null, 'nobody')).toEqual({ state: null, revision: 'no_stream' });
  });
});
