/**
 * The export's read of a logbook range (embedded PostgreSQL): oldest first with ties by id, the
 * range's end excluded, deleted QSOs and other stations left out, in batches of the size asked;
 * one snapshot however long the read takes; an early stop closes the cursor and frees the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseQsoInput, type QsoFields } from '@hamlog/domain';
import { runMigrations } from '../src/postgres/migrations';
import { createPool, type Pool } from '../src/postgres/pool';
import { logbookRangeBatches } from '../src/read-models/logbook/export-queries';
import { logbookMigrations } from '../src/read-models/logbook/schema';
import { upsertQsos } from '../src/read-models/logbook/writes';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

const fields = (call: string, ts: string): QsoFields => {
  const result = normaliseQsoInput({ Call: call, TS: ts, Freq: 14074, Mode: 'FT8' } as never, new Date('2030-01-01T00:00:00Z'));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.fields;
};

describe('logbookRangeBatches', () => {
  let db: TestDatabase;
  let pool: Pool;
  const range = { stationUserId: 'alice', from: '2024-01-01T00:00:00.000Z', until: '2024-02-01T00:00:00.000Z' };
  const calls = async (batchRows: number) => {
    const batches: string[][] = [];
    for await (const batch of logbookRangeBatches(pool, range, batchRows)) batches.push(batch.map((r) => r.fields.call));
    return batches;
  };

  beforeAll(async () => {
    db = await createTestDatabase('export');
    pool = createPool(db.url, 2);
    await runMigrations(pool, 'projection:logbook', logbookMigrations);
    const rows = [
      ['a1', 'alice', 'DL1ABC', '2024-01-10T12:00:00Z'],
      ['a0', 'alice', 'G4XYZ', '2024-01-10T12:00:00Z'],
      ['a2', 'alice', 'JA1ABC', '2024-01-01T00:00:00Z'],
      ['a3', 'alice', 'VK2ABC', '2024-01-31T23:59:59Z'],
      ['a4', 'alice', 'OK1ABC', '2024-02-01T00:00:00Z'],
      ['a5', 'alice', 'F5ABC', '2023-12-31T23:59:59Z'],
      ['a6', 'alice', 'I1ABC', '2024-01-15T00:00:00Z'],
      ['b1', 'bob', 'ON4ABC', '2024-01-15T00:00:00Z'],
    ] as const;
    const client = await pool.connect();
    try {
      await upsertQsos(client, rows.map(([qdoId, user, call, ts], i) => ({ qdoId, stationUserId: user, stationCallsign: user.toUpperCase(), position: i + 1, loggedAt: new Date(), fields: fields(call, ts) })));
      await client.query("UPDATE rm_qsos SET deleted = true WHERE qdo_id = 'a6'");
    } finally {
      client.release();
    }
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it("reads the station's live QSOs of the range, oldest first, in batches of the size asked", async () => {
    expect(await calls(2)).toEqual([['JA1ABC', 'G4XYZ'], ['DL1ABC', 'VK2ABC']]);
    expect(await calls(3)).toEqual([['JA1ABC', 'G4XYZ', 'DL1ABC'], ['VK2ABC']]);
    expect(await calls(100)).toEqual([['JA1ABC', 'G4XYZ', 'DL1ABC', 'VK2ABC']]);
    expect(await calls(4)).toEqual([['JA1ABC', 'G4XYZ', 'DL1ABC', 'VK2ABC']]);
  });

  it('reads one snapshot: a QSO logged while it reads is not in it', async () => {
    const seen: string[] = [];
    for await (const batch of logbookRangeBatches(pool, range, 1)) {
      seen.push(...batch.map((r) => r.fields.call));
      if (seen.length === 1) {
        await pool.query("UPDATE rm_qsos SET deleted = false WHERE qdo_id = 'a6'");
      }
    }
    expect(seen).toEqual(['JA1ABC', 'G4XYZ', 'DL1ABC', 'VK2ABC']);
    await pool.query("UPDATE rm_qsos SET deleted = true WHERE qdo_id = 'a6'");
  });

  it('closes the cursor when the reader stops early, leaving the connection free and out of the transaction', async () => {
    for await (const batch of logbookRangeBatches(pool, range, 1)) {
      expect(batch).toHaveLength(1);
      break;
    }
    await expect(
      (async () => {
        for await (const _ of logbookRangeBatches(pool, range, 1)) throw new Error('the file could not be written');
      })(),
    ).rejects.toThrow('the file could not be written');
    // Both connections of the pool are back, idle and outside any transaction.
    const states = await Promise.all([pool.connect(), pool.connect()]);
    for (const client of states) {
      expect((await client.query('SELECT now() = statement_timestamp() AS fresh')).rows[0].fresh).toBe(true);
      client.release();
    }
    expect(await calls(10)).toEqual([['JA1ABC', 'G4XYZ', 'DL1ABC', 'VK2ABC']]);
  });
});
