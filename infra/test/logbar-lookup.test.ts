/** The log bar's look-up of a station's contacts with one call (real PostgreSQL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/postgres/migrations';
import { createPool, type Pool } from '../src/postgres/pool';
import { callHistory, CALL_HISTORY_SQL } from '../src/read-models/logbook/lookup-queries';
import { logbookMigrations } from '../src/read-models/logbook/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

describe('callHistory', () => {
  let db: TestDatabase;
  let pool: Pool;

  const insert = (rows: { id: string; user: string; call: string; ts: string; name?: string; deleted?: boolean }[]) =>
    Promise.all(
      rows.map((r, i) =>
        pool.query(
          `INSERT INTO rm_qsos (qdo_id, station_user_id, station_callsign, position, deleted, ts, call, freq_hz, band, mode, name)
           VALUES ($1, $2, 'W1AW', $3, $4, $5, $6, 14074000, '20m', 'FT8', $7)`,
          [r.id, r.user, i + 1, r.deleted ?? false, r.ts, r.call, r.name ?? ''],
        ),
      ),
    );

  beforeAll(async () => {
    db = await createTestDatabase('logbar');
    pool = createPool(db.url, 4);
    await runMigrations(pool, 'logbook', logbookMigrations);
    await insert([
      { id: 'a1', user: 'alice', call: 'DL1ABC', ts: '2024-01-01T10:00:00Z', name: 'Hans' },
      { id: 'a2', user: 'alice', call: 'DL1ABC', ts: '2025-03-01T10:00:00Z', name: '' },
      { id: 'a3', user: 'alice', call: 'DL1ABC', ts: '2025-02-01T10:00:00Z', name: 'Hans-Peter' },
      { id: 'a4', user: 'alice', call: 'DL1ABC', ts: '2025-04-01T10:00:00Z', name: 'Gone', deleted: true },
      { id: 'a5', user: 'alice', call: 'DL1ABC/P', ts: '2025-05-01T10:00:00Z', name: 'Portable' },
      { id: 'b1', user: 'bob', call: 'DL1ABC', ts: '2025-06-01T10:00:00Z', name: 'Bob’s Hans' },
    ]);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('counts the station’s live contacts with exactly that call, with first and last times and the latest name', async () => {
    const history = await callHistory(pool, 'alice', 'DL1ABC', 50);
    expect(history).toMatchObject({ total: 3, firstTs: '2024-01-01T10:00:00Z', lastTs: '2025-03-01T10:00:00Z', name: 'Hans-Peter' });
    expect(history.qsos.map((q) => q.qdoId)).toEqual(['a2', 'a3', 'a1']);
    expect(history.qsos[0]).toMatchObject({ stationUserId: 'alice', stationCallsign: 'W1AW', fields: { call: 'DL1ABC', ts: '2025-03-01T10:00:00Z', freqHz: 14_074_000 } });
  });

  it('limits the contacts, never the count', async () => {
    const history = await callHistory(pool, 'alice', 'DL1ABC', 1);
    expect(history.total).toBe(3);
    expect(history.qsos.map((q) => q.qdoId)).toEqual(['a2']);
  });

  it('answers nothing for a call never worked', async () => {
    expect(await callHistory(pool, 'alice', 'G3SXW', 50)).toEqual({ total: 0, firstTs: null, lastTs: null, name: '', qsos: [] });
  });

  it('reads only the index on (station, call, ts), however big the logbook', async () => {
    await pool.query(`INSERT INTO rm_qsos (qdo_id, station_user_id, station_callsign, position, ts, call, freq_hz, band, mode)
      SELECT 'x' || g, 'alice', 'W1AW', 100 + g, timestamptz '2020-01-01' + (g || ' minutes')::interval, 'C' || (g % 5000), 14074000, '20m', 'FT8'
      FROM generate_series(1, 30000) g`);
    await pool.query('ANALYZE rm_qsos');
    const { rows } = await pool.query({ text: `EXPLAIN ${CALL_HISTORY_SQL}`, values: ['alice', 'C42', 50] });
    const plan = rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    expect(plan).toContain('rm_qsos_by_call');
    expect(plan).not.toMatch(/Seq Scan|rm_qsos_logbook/);
    expect((await callHistory(pool, 'alice', 'C42', 50)).total).toBe(6);
  });
});
