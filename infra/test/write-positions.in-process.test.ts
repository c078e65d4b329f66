import { describe, expect, it } from 'vitest';
import { InProcessWritePositions } from '../src/read-your-writes/in-process-write-positions';
import { writePositionsContract } from './write-positions.contract';

// One process: the command and query sides share the one object.
writePositionsContract('in process', async () => {
  const positions = new InProcessWritePositions();
  return { writer: positions, reader: positions, dispose: () => positions.close() };
});

describe('write positions in process', () => {
  it('forgets the least recent writer beyond its size', async () => {
    const positions = new InProcessWritePositions(2);
    await positions.remember('a', 10);
    await positions.remember('b', 1);
    await positions.remember('c', 1);
    expect(await positions.latest('a')).toBe(0);
    expect(await positions.latest('c')).toBe(1);
  });
});
