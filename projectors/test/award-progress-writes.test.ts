import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseQsoInput, type QsoFields } from '@hamlog/domain';
import { inTransaction, createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { awardProgressProjection } from '../src/award-progress/award-progress-projection';

type Event = Parameters<typeof awardProgressProjection.apply>[1][number];

/**
 * The award projection's two ways of writing slots (decision 0061): logging's unconfirmed QSOs
 * (a new slot joins the unconfirmed tally, one already there stays) and every other change
 * (confirmations, deletions), batch by batch as the projector applies them live, against the
 * same events applied in one batch.
 */
describe('award progress writes, batch by batch', () => {
  let db: TestDatabase;
  let pool: Pool;
  let position = 0;
  const station = randomUUID();

  const fields = (call: string, freq: string, mode: string, details: Record<string, string> = {}): QsoFields => {
    const result = normaliseQsoInput({ Call: call, TS: '2025-03-01T12:00:00Z', Freq: freq, Mode: mode }, new Date('2025-04-01T00:00:00Z'));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return { ...result.fields, details: { ...result.fields.details, ...details } };
  };
  const event = (type: string, revision: number, data: Record<string, unknown>): Event =>
    ({ id: randomUUID(), streamId: `qso-${String(data.qdoId)}`, revision, position: (position += 1), type, data, metadata: {}, createdAt: new Date() }) as unknown as Event;
  const logged = (qdoId: string, f: QsoFields) => event('QsoLogged', 0, { qdoId, stationUserId: station, stationCallsign: 'K9CTS', dedupeKey: qdoId, fields: f });

  const migrate = async () => {
    for (const table of awardProgressProjection.tables) await pool.query(`DROP TABLE IF EXISTS ${table}`);
    for (const migration of awardProgressProjection.migrations) await pool.query(migration.sql);
  };
  const apply = (events: Event[]) => inTransaction(pool, (client) => awardProgressProjection.apply(client, events));
  const tallies = async (award: string) =>
    (
      await pool.query<{ mode: string; band: string; confirmed_by: number; value_count: number }>(
        `SELECT mode, band, confirmed_by, value_count FROM rm_award_tallies WHERE award = $1 AND mode = '' AND band = '' ORDER BY confirmed_by`,
        [award],
      )
    ).rows.map((row) => [row.confirmed_by, row.value_count]);
  const everything = async () => ({
    slots: (await pool.query('SELECT * FROM rm_award_slots ORDER BY station_user_id, award, mode, band, value')).rows,
    tallies: (await pool.query('SELECT * FROM rm_award_tallies ORDER BY station_user_id, award, mode, band, retired, confirmed_by')).rows,
  });

  beforeAll(async () => {
    db = await createTestDatabase('award_writes');
    pool = createPool(db.url, 2);
    await migrate();
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('counts a value once however many batches add to it, moves it when confirmed, drops it when its last QSO goes', async () => {
    const batches: Event[][] = [
      // Germany twice in one batch, then again in the next: one value, unconfirmed.
      [logged('q1', fields('DL1ABC', '14025', 'CW')), logged('q2', fields('DL2XYZ', '14250', 'SSB'))],
      [logged('q3', fields('DL3QQQ', '7025', 'CW'))],
      // Japan: a second value.
      [logged('q4', fields('JA1ABC', '14025', 'CW'))],
      // q1 confirmed by LoTW: Germany moves to the LoTW tally.
      [event('QsoUpdated', 1, { qdoId: 'q1', dedupeKey: 'q1', fields: fields('DL1ABC', '14025', 'CW', { LOTW_QSL_RCVD: 'Y' }) })],
      // Japan's only QSO deleted: the unconfirmed tally empties and goes.
      [event('QsoDeleted', 1, { qdoId: 'q4' })],
    ];
    const lotw = 2; // CONFIRMED_BIT.lotw
    const seen: number[][][] = [];
    for (const batch of batches) {
      await apply(batch);
      seen.push(await tallies('DXCC'));
    }
    expect(seen).toEqual([[[0, 1]], [[0, 1]], [[0, 2]], [[0, 1], [lotw, 1]], [[lotw, 1]]]);
    const live = await everything();
    expect(live.slots.every((slot: { qsos: number }) => slot.qsos > 0)).toBe(true);

    await migrate();
    await apply(batches.flat());
    expect(await everything()).toEqual(live);
  });

  it("empties a read model that holds SOTA summits and sets its checkpoint back, so the log is read again with the summits' days", async () => {
    await migrate();
    await pool.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (name text PRIMARY KEY, position bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
    await pool.query(`INSERT INTO projection_checkpoints (name, position) VALUES ('award-progress', 42), ('logbook', 42) ON CONFLICT (name) DO UPDATE SET position = 42`);
    const upgrade = awardProgressProjection.migrations.find((m) => m.id === '003_rm_award_sota_days')!;
    // Without SOTA summits nothing changes.
    await apply([logged('q9', fields('DL1ABC', '14025', 'CW'))]);
    await pool.query(upgrade.sql);
    expect((await pool.query('SELECT count(*)::int AS n FROM rm_award_qsos')).rows[0].n).toBe(1);
    // With them, everything goes and the projection starts over.
    await apply([logged('q10', fields('W7XX', '14025', 'CW', { SOTA_REF: 'W7W/CH-007' }))]);
    await pool.query(upgrade.sql);
    const checkpoints = (await pool.query('SELECT name, position::int AS position FROM projection_checkpoints ORDER BY name')).rows;
    expect(checkpoints).toEqual([{ name: 'award-progress', position: 0 }, { name: 'logbook', position: 42 }]);
    for (const table of awardProgressProjection.tables) expect((await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(0);
  });
});
