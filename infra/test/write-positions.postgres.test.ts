import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/postgres/pool';
import { PostgresWritePositions } from '../src/read-your-writes/postgres-write-positions';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';
import { writePositionsContract } from './write-positions.contract';

let db: TestDatabase;
const pools: Pool[] = [];
const poolOf = () => {
  const pool = createPool(db.url, 4);
  pools.push(pool);
  return pool;
};
beforeAll(async () => {
  db = await createTestDatabase('writes');
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await db?.drop();
});

// Apart: command-api and query-api each have their own adapter and pool on the one database.
writePositionsContract('PostgreSQL', async () => {
  const [writer, reader] = [await PostgresWritePositions.open(poolOf()), await PostgresWritePositions.open(poolOf())];
  return { writer, reader, dispose: async () => void (await Promise.all([writer.close(), reader.close()])) };
});

describe('write positions in PostgreSQL', () => {
  it('fails every write of a batch whose statement fails, and goes on with the next batch', async () => {
    const positions = await PostgresWritePositions.open(poolOf());
    // PostgreSQL refuses NUL in text: the one statement carrying both fails.
    const results = await Promise.allSettled([positions.remember('ok', 1), positions.remember('bad\u0000id', 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await positions.remember('ok', 3);
    expect(await positions.latest('ok')).toBe(3);
    await positions.close();
  });
});
