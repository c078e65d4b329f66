/**
 * Upgrading a database where a station's rig lived in two read models (rm_rig_state by the `rig`
 * projection, live_stations by the stream's consumer) to the one live-stations projection: the
 * stream revisions move into live_stations, rm_rig_state goes, and the projection resumes from
 * the lower of the two old checkpoints instead of replaying the whole log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRigOf, rigStreamName, type RigEvent, type RigReportedData } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { liveStationsProjection } from '../src/live-stations/live-stations-projection';
import type { Projection } from '../src/runtime/projection';
import { Projector } from '../src/runtime/projector';

const checkpointsTable = 'CREATE TABLE %s (name text PRIMARY KEY, position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())';
/** The tables as the releases before the live-stations projection created them. */
const BEFORE = {
  projectorRuntime: { id: '001_projection_checkpoints', sql: checkpointsTable.replace('%s', 'projection_checkpoints') },
  stream: { id: '001_stream_positions', sql: checkpointsTable.replace('%s', 'stream_positions') },
  rig: {
    id: '001_rm_rig_state',
    sql: `CREATE TABLE rm_rig_state (user_id text PRIMARY KEY, rig_name text NOT NULL, freq_hz bigint NOT NULL, mode text NOT NULL DEFAULT '',
      power double precision, op_mode smallint, reported_at timestamptz NOT NULL, stream_revision bigint NOT NULL, position bigint NOT NULL)`,
  },
  liveStations: {
    id: '001_live_stations',
    sql: `CREATE TABLE live_stations (user_id text PRIMARY KEY, rig jsonb NOT NULL, on_air boolean NOT NULL, reported_at timestamptz NOT NULL,
      position bigint NOT NULL, off_air_sent boolean NOT NULL DEFAULT false);
    CREATE INDEX live_stations_on_air ON live_stations (reported_at DESC) WHERE on_air;
    CREATE INDEX live_stations_unswept ON live_stations (reported_at) WHERE NOT off_air_sent;`,
  },
};

interface Reported {
  data: RigReportedData;
  revision: number;
  position: number;
}

describe('the rig projection and the live-stations consumer merged into one projection', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  /** u1's three reports and u2's one, in log order: u1#0, u2#0, u1#1, u1#2. */
  const reports: Reported[] = [];

  const report = async (userId: string, freqHz: number): Promise<Reported> => {
    const data: RigReportedData = { userId, rigName: 'IC-7300', freqHz, mode: 'FT8', power: 100, opMode: 2, at: new Date().toISOString() };
    const appended = await store.append({ streamId: rigStreamName(userId), expectedRevision: 'any', events: [{ id: randomUUID(), type: 'RigReported', data }] });
    const [event] = await store.readAll(appended.position - 1, 1);
    const reported = { data, revision: event!.revision, position: appended.position };
    reports.push(reported);
    return reported;
  };

  beforeAll(async () => {
    db = await createTestDatabase('live_upgrade');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    const [u1first, u2only, u1second, u1third] = [await report('u1', 7_074_000), await report('u2', 14_074_000), await report('u1', 10_136_000), await report('u1', 18_100_000)];

    await runMigrations(pool, 'projector-runtime', [BEFORE.projectorRuntime]);
    await runMigrations(pool, 'stream', [BEFORE.stream]);
    await runMigrations(pool, 'projection:rig', [BEFORE.rig]);
    await runMigrations(pool, 'live-stations', [BEFORE.liveStations]);
    // The rig projection had applied everything; the consumer was one report behind (u1's third).
    for (const r of [u2only!, u1third!]) {
      await pool.query(
        `INSERT INTO rm_rig_state (user_id, rig_name, freq_hz, mode, power, op_mode, reported_at, stream_revision, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO NOTHING`,
        [r.data.userId, r.data.rigName, r.data.freqHz, r.data.mode, r.data.power, r.data.opMode, r.data.at, r.revision, r.position],
      );
    }
    for (const r of [u2only!, u1second!]) {
      await pool.query('INSERT INTO live_stations (user_id, rig, on_air, reported_at, position) VALUES ($1, $2, true, $3, $4)', [
        r.data.userId, JSON.stringify(liveRigOf(r.data)), r.data.at, r.position,
      ]);
    }
    await pool.query("INSERT INTO projection_checkpoints (name, position) VALUES ('rig', $1)", [u1third!.position]);
    await pool.query("INSERT INTO stream_positions (name, position) VALUES ('consumer:live-stations', $1)", [u1second!.position]);
    expect(u1first!.revision).toBe(0);
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('resumes from the lower checkpoint with the revisions carried over, and drops rm_rig_state', async () => {
    const [, u2only, u1second, u1third] = reports;
    const applied: number[] = [];
    const projection = liveStationsProjection();
    const watched: Projection<RigEvent, string[]> = {
      ...projection,
      apply: (client, events) => {
        applied.push(...events.map((e) => e.position));
        return projection.apply(client, events);
      },
    };
    const projector = new Projector(store, pool, watched);
    await projector.start();
    try {
      await projector.waitFor(u1third!.position, 10_000);
      // Only the report after the consumer's checkpoint was applied again.
      expect(applied).toEqual([u1third!.position]);
      expect(applied).not.toContain(u1second!.position);

      const { rows } = await pool.query('SELECT user_id, rig, position, stream_revision FROM live_stations ORDER BY user_id');
      expect(rows).toEqual([
        { user_id: 'u1', rig: liveRigOf(u1third!.data), position: u1third!.position, stream_revision: u1third!.revision },
        { user_id: 'u2', rig: liveRigOf(u2only!.data), position: u2only!.position, stream_revision: u2only!.revision },
      ]);
      const gone = await pool.query<{ t: string | null }>("SELECT to_regclass('rm_rig_state')::text AS t");
      expect(gone.rows[0]?.t).toBeNull();
      const names = (await pool.query<{ name: string }>('SELECT name FROM projection_checkpoints ORDER BY name')).rows.map((r) => r.name);
      expect(names).toEqual(['live-stations']);
    } finally {
      await projector.stop();
    }
  });
});
