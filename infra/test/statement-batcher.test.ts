import { describe, expect, it } from 'vitest';
import { StatementBatcher } from '../src/postgres/statement-batcher';

/** A batcher whose "statements" are recorded and finish when the test says so. */
function recorded() {
  const sent: number[][] = [];
  const finish: (() => void)[] = [];
  const batcher = new StatementBatcher<number, number>(async (items) => {
    sent.push([...items]);
    await new Promise<void>((resolve) => finish.push(resolve));
    if (items.includes(-1)) throw new Error('refused');
    return items.length;
  });
  const tick = () => new Promise((r) => setImmediate(r));
  return { batcher, sent, finish, tick };
}

describe('StatementBatcher', () => {
  it('sends the calls of one tick together, and those made while it is in flight in the next statement', async () => {
    const { batcher, sent, finish, tick } = recorded();
    const first = [batcher.add(1), batcher.add(2)];
    await tick();
    expect(sent).toEqual([[1, 2]]);
    const second = [batcher.add(3), batcher.add(4), batcher.add(5)];
    await tick();
    expect(sent).toEqual([[1, 2]]); // not before the first is done
    finish.shift()?.();
    expect(await Promise.all(first)).toEqual([2, 2]);
    await tick();
    expect(sent).toEqual([[1, 2], [3, 4, 5]]);
    finish.shift()?.();
    expect(await Promise.all(second)).toEqual([3, 3, 3]);
  });

  it('fails every call of a failed statement, and not the next one', async () => {
    const { batcher, finish, tick } = recorded();
    const failed = [batcher.add(-1), batcher.add(7)];
    await tick();
    const next = batcher.add(8);
    finish.shift()?.();
    expect((await Promise.allSettled(failed)).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await tick();
    finish.shift()?.();
    expect(await next).toBe(1);
    await batcher.drain();
  });
});
