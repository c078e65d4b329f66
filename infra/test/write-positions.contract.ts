import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritePositions } from '../src/ports/write-positions';

export interface WritePositionsFixture {
  /** Where the command side remembers (command-api). */
  writer: WritePositions;
  /** Where the query side looks (query-api): the same object in one process, another process's adapter apart. */
  reader: WritePositions;
  dispose(): Promise<void>;
}

/** The port's contract, run against every adapter. */
export function writePositionsContract(name: string, open: () => Promise<WritePositionsFixture>): void {
  describe(`write positions contract: ${name}`, () => {
    let f: WritePositionsFixture;
    beforeAll(async () => {
      f = await open();
    });
    afterAll(async () => f?.dispose());

    it('answers 0 for a user who never wrote, and the latest position of one who did', async () => {
      expect(await f.reader.latest('nobody')).toBe(0);
      await f.writer.remember('alice', 10);
      await f.writer.remember('alice', 42);
      expect(await f.reader.latest('alice')).toBe(42);
    });

    it('never goes back to an older position (answers can arrive out of order)', async () => {
      await f.writer.remember('bob', 50);
      await f.writer.remember('bob', 20);
      await Promise.all([f.writer.remember('bob', 30), f.writer.remember('bob', 10)]);
      expect(await f.reader.latest('bob')).toBe(50);
    });

    it('has each position readable once its remember() resolves, among many made at once', async () => {
      await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          await f.writer.remember(`user-${i}`, 1_000 + i);
          expect(await f.reader.latest(`user-${i}`)).toBe(1_000 + i);
        }),
      );
    });

    it('keeps the highest of many writes by the same users made at once', async () => {
      await Promise.all(Array.from({ length: 200 }, (_, i) => f.writer.remember(`many-${i % 20}`, 5_000 + i)));
      const latest = await Promise.all(Array.from({ length: 20 }, (_, u) => f.reader.latest(`many-${u}`)));
      expect(latest).toEqual(Array.from({ length: 20 }, (_, u) => 5_000 + 180 + u));
    });
  });
}
