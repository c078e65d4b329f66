/**
 * The logbook projection's bulk path (insertNewQsos: COPY for a run of new QSOs, an import's
 * thousands): every byte of every field kept, the counts right, and a row that is there after all
 * (written by hand) answered by the upsert instead of failing the batch.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseQsoInput, type QsoFields } from '@hamlog/domain';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, inTransaction, type Pool } from '@hamlog/infra/postgres/pool';
import { findQso, logbookCount } from '@hamlog/infra/read-models/logbook/queries';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import { applyPlaceChanges, insertNewQsos, upsertQsos, type NewQsoRow } from '@hamlog/infra/read-models/logbook/writes';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';

const NOW = new Date(Date.UTC(2030, 0, 1));

function row(station: string, i: number, over: Partial<QsoFields> = {}): NewQsoRow {
  const result = normaliseQsoInput({ Call: `DL${1 + (i % 9)}A${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}`, TS: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'), Freq: 14074, Mode: 'FT8' }, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return { qdoId: randomUUID(), stationUserId: station, stationCallsign: 'G0ABC', position: i + 1, loggedAt: NOW, fields: { ...result.fields, ...over } };
}

describe('insertNewQsos (COPY for new QSOs)', () => {
  let db: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase('bulk');
    pool = createPool(db.url, 2);
    await runMigrations(pool, 'projection:logbook', logbookMigrations);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('writes every field as the upsert would, odd characters and ADIF extras included, and counts each QSO on its day', async () => {
    const station = randomUUID();
    const rows = Array.from({ length: 300 }, (_, i) => row(station, i));
    rows[7] = { ...rows[7]!, fields: { ...rows[7]!.fields, name: 'Tab\there, line\nbreak, back\\slash \\N', comment: "O'Brien Zoë 📻", lat: -12.345678, lon: 1e-7, extra: { MY_GRIDSQUARE: 'JO62qm', APP_X: 'a\tb\\c' } } };
    const changes = await inTransaction(pool, async (client) => {
      const placed = await insertNewQsos(client, rows);
      await applyPlaceChanges(client, placed);
      return placed;
    });
    expect(changes).toHaveLength(300);
    expect(await logbookCount(pool, station)).toBe(300);
    const odd = await findQso(pool, rows[7]!.qdoId);
    expect(odd?.fields).toEqual(rows[7]!.fields);
    expect((await findQso(pool, rows[0]!.qdoId))?.fields).toEqual(rows[0]!.fields);
    const { rows: days } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_logbook_days WHERE station_user_id = $1', [station]);
    expect(days[0]!.n).toBe(new Set(rows.map((r) => r.fields.ts.slice(0, 10))).size);
  });

  it('falls back to the upsert when a row is there after all, changing nothing else', async () => {
    const station = randomUUID();
    const rows = Array.from({ length: 250 }, (_, i) => row(station, i + 1_000));
    await inTransaction(pool, async (client) => applyPlaceChanges(client, await upsertQsos(client, [rows[3]!])));
    const changes = await inTransaction(pool, async (client) => {
      const placed = await insertNewQsos(client, rows);
      await applyPlaceChanges(client, placed);
      return placed;
    });
    expect(changes.filter((c) => c.before === null)).toHaveLength(249);
    expect(await logbookCount(pool, station)).toBe(250);
  });
});
