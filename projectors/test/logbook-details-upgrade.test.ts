/**
 * Upgrading a logbook that holds QSOs from before details (their events at version 1, every ADIF
 * field beyond the logger's in extra, the rows with adif_extra only): the migration empties the
 * logbook and sets its checkpoint back, and the projection replays the log, upcast, so the rows
 * get their details and confirmation bits, and the counts come out the same.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKey, qsoIdFor, qsoStreamName, upcasters, type QsoFields } from '@hamlog/domain';
import { migrateCheckpoints } from '@hamlog/infra/checkpoints/schema';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { withUpcasting } from '@hamlog/infra/event-store/upcasting-event-store';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { logbookProjection } from '../src/logbook/logbook-projection';
import { Projector } from '../src/runtime/projector';

const fields = (call: string, ts: string, extra?: Record<string, string>): QsoFields => ({
  ts, call, freqHz: 14_074_000, band: '20m', mode: 'FT8', subMode: '', name: '', snt: '', rcv: '', comment: '', power: '', dxcc: 230, continent: 'EU',
  country: 'Germany', lat: null, lon: null, cqZone: 14, ituZone: 28, gridSquare: '', radioMode: '', qsoDuration: 0, qsoOrigin: '', isRunQso: 0, contestName: '',
  ...(extra ? { extra } : {}),
});

describe('the logbook upgraded to details', () => {
  let db: TestDatabase;
  let pool: Pool;
  let raw: PostgresEventStore;
  let head = 0;

  beforeAll(async () => {
    db = await createTestDatabase('logbook_upgrade');
    pool = createPool(db.url, 4);
    raw = await PostgresEventStore.create(pool);
    await migrateCheckpoints(pool);
    // The logbook as the release before built it: migrations 001 to 006.
    await runMigrations(pool, 'projection:logbook', logbookMigrations.slice(0, 6));
    const qsos = [
      fields('DL1ABC', '2024-03-01T12:00:00Z', { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20240310', STATE: 'x'.repeat(40), APP_OLD: '1' }),
      fields('G4XYZ', '2024-03-02T12:00:00Z'),
    ];
    for (const f of qsos) {
      const key = dedupeKey('u1', f);
      const qdoId = qsoIdFor(key, 0);
      const appended = await raw.append({
        streamId: qsoStreamName(qdoId),
        expectedRevision: 'no_stream',
        events: [{ id: randomUUID(), type: 'QsoLogged', version: 1, data: { qdoId, stationUserId: 'u1', stationCallsign: 'K9CTS', dedupeKey: key, fields: f }, metadata: { userId: 'u1' } }],
      });
      head = appended.position;
      await pool.query(
        `INSERT INTO rm_qsos (qdo_id, station_user_id, station_callsign, position, ts, call, freq_hz, band, mode, adif_extra, logged_at) VALUES ($1, 'u1', 'K9CTS', $2, $3, $4, 14074000, '20m', 'FT8', $5, now())`,
        [qdoId, appended.position, f.ts, f.call, f.extra ? JSON.stringify(f.extra) : null],
      );
    }
    await pool.query("INSERT INTO rm_logbook_counts (station_user_id, qso_count) VALUES ('u1', 2)");
    await pool.query("INSERT INTO rm_logbook_days (station_user_id, day, qso_count) VALUES ('u1', '2024-03-01', 1), ('u1', '2024-03-02', 1)");
    await pool.query("INSERT INTO projection_checkpoints (name, position) VALUES ('logbook', $1) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position", [head]);
  });

  afterAll(async () => {
    await raw?.close();
    await pool?.end();
    await db?.drop();
  });

  it('replays the log into the new columns, details from the upcast events, the events untouched', async () => {
    const projector = new Projector(withUpcasting(raw, upcasters), pool, logbookProjection);
    await projector.start();
    try {
      await projector.waitFor(head, 10_000);
      const { rows } = await pool.query<{ call: string; adif_details: Record<string, string> | null; adif_extra: Record<string, string> | null; confirmed_by: number }>(
        'SELECT call, adif_details, adif_extra, confirmed_by FROM rm_qsos ORDER BY ts',
      );
      expect(rows).toEqual([
        // STATE too long for the field: kept in extra as read (decision 0033).
        { call: 'DL1ABC', adif_details: { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20240310' }, adif_extra: { STATE: 'x'.repeat(40), APP_OLD: '1' }, confirmed_by: 2 },
        { call: 'G4XYZ', adif_details: null, adif_extra: null, confirmed_by: 0 },
      ]);
      expect((await pool.query('SELECT qso_count FROM rm_logbook_counts')).rows).toEqual([{ qso_count: 2 }]);
      expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_logbook_days WHERE qso_count = 1')).rows[0]!.n).toBe(2);
      expect((await pool.query<{ version: number }>('SELECT DISTINCT version FROM es_events')).rows).toEqual([{ version: 1 }]);
    } finally {
      await projector.stop();
    }
  });
});
