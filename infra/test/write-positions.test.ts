import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritePositions } from '../src/ports/write-positions';
import { createPool, type Pool } from '../src/postgres/pool';
import { InProcessWritePositions } from '../src/read-your-writes/in-process-write-positions';
import { PostgresWritePositions } from '../src/read-your-writes/postgres-write-positions';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

function writePositionsContract(name: string, open: () => Promise<WritePositions>): void {
  describe(`write positions: ${name}`, () => {
    let positions: WritePositions;
    beforeAll(async () => {
      positions = await open();
    });

    it('answers 0 for a user who never wrote, and the latest position of one who did', async () => {
      expect(await positions.latest('nobody')).toBe(0);
      await positions.remember('alice', 10);
      await positions.remember('alice', 42);
      expect(await positions.latest('alice')).toBe(42);
    });

    it('never goes back to an older position (answers can arrive out of order)', async () => {
      await positions.remember('bob', 50);
      await positions.remember('bob', 20);
      expect(await positions.latest('bob')).toBe(50);
    });

    it('keeps every one of many writes made at once', async () => {
      await Promise.all(Array.from({ length: 200 }, (_, i) => positions.remember(`user-${i % 20}`, 1_000 + i)));
      for (let u = 0; u < 20; u += 1) expect(await positions.latest(`user-${u}`)).toBe(1_000 + 180 + u);
    });
  });
}

writePositionsContract('in process', async () => new InProcessWritePositions());

let db: TestDatabase;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase('writes');
  pool = createPool(db.url, 4);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});
writePositionsContract('PostgreSQL', async () => PostgresWritePositions.open(pool));

describe('write positions: in process', () => {
  it('forgets the least recent writer beyond its size', async () => {
    const positions = new InProcessWritePositions(2);
    await positions.remember('a', 10);
    await positions.remember('b', 1);
    await positions.remember('c', 1);
    expect(await positions.latest('a')).toBe(0);
    expect(await positions.latest('c')).toBe(1);
  });
});
