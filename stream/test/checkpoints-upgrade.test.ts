/**
 * Upgrading a database whose stream kept its positions in a table of its own (stream_positions)
 * to the one checkpoint table: the positions move over under their names, so the forwarder
 * resumes where it was and nothing already counted is forwarded (or counted) again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { InProcessMessageStream } from '@hamlog/infra/message-stream/in-process-message-stream';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { qsoFactsProgress } from '@hamlog/infra/stream/stream-positions';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { EventForwarder } from '../src/forwarder';
import { QSO_FACTS_CONSUMER } from '../src/qso-facts-consumer';
import { stationEventsTopic, type StationEventMessage } from '../src/station-events';

/** The two tables as the releases before the one checkpoint table created them. */
const BEFORE = {
  stream: { id: '001_stream_positions', sql: 'CREATE TABLE stream_positions (name text PRIMARY KEY, position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())' },
  projectors: { id: '001_projection_checkpoints', sql: 'CREATE TABLE projection_checkpoints (name text PRIMARY KEY, position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())' },
};

describe('the stream’s positions carried into the one checkpoint table', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  const positions: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('checkpoints');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    for (const call of ['DL1AA', 'DL1BB', 'DL1CC']) {
      const qdoId = randomUUID();
      const appended = await store.append({
        streamId: `qso-${qdoId}`,
        expectedRevision: 'no_stream',
        events: [{ id: randomUUID(), type: 'QsoLogged', data: { qdoId, stationUserId: 'u1', stationCallsign: 'W1AW', fields: { call } }, metadata: { userId: 'u1', stationUserId: 'u1' } }],
      });
      positions.push(appended.position);
    }
    // Where an older release left things: the first two QSO events forwarded and counted.
    await runMigrations(pool, 'stream', [BEFORE.stream]);
    await runMigrations(pool, 'projector-runtime', [BEFORE.projectors]);
    await pool.query(
      `INSERT INTO stream_positions (name, position) VALUES
        ('forwarder:station-events', $1), ('forwarder:station-events:published', $1), ($3, $1), ('consumer:live-stations', $2)`,
      [positions[1], positions[0], QSO_FACTS_CONSUMER],
    );
    await pool.query("INSERT INTO projection_checkpoints (name, position) VALUES ('users', $1)", [positions[2]]);
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('moves every stream position over; the forwarder resumes after what it had forwarded', async () => {
    const stream = new InProcessMessageStream({ releaseConsumed: true });
    const forwarder = new EventForwarder(store, stream, pool, { durableStream: false, consumers: [QSO_FACTS_CONSUMER] });
    await forwarder.start();
    const forwarded: StationEventMessage[] = [];
    const consumer = await stream.subscribe({
      groupId: 'test',
      topic: stationEventsTopic(),
      handle: async (batch) => void forwarded.push(...batch.map((m) => JSON.parse(m.value) as StationEventMessage)),
    });
    try {
      await expect.poll(() => forwarded.length, { timeout: 5_000 }).toBe(1);
      expect(forwarded[0]).toMatchObject({ position: positions[2], stationUserId: 'u1', type: 'QsoLogged' });

      const tables = await pool.query<{ t: string | null }>("SELECT to_regclass('stream_positions')::text AS t");
      expect(tables.rows[0]?.t).toBeNull();
      const stored = Object.fromEntries((await pool.query<{ name: string; position: number }>('SELECT name, position FROM projection_checkpoints')).rows.map((r) => [r.name, r.position]));
      expect(stored).toEqual({
        users: positions[2],
        'forwarder:station-events': positions[2],
        'forwarder:station-events:published': positions[2],
        [QSO_FACTS_CONSUMER]: positions[1],
        'consumer:live-stations': positions[0],
      });
      expect(await qsoFactsProgress(pool)).toEqual({ forwarded: positions[2], published: positions[2], applied: positions[1], rebuilding: false });
    } finally {
      await consumer.stop();
      await forwarder.stop();
      await stream.close();
    }
  });
});
