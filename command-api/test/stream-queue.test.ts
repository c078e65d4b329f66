/** Writers of one process to one stream take turns; writers to other streams do not wait. */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inTurnOn } from '../src/handling/stream-queue';

describe('inTurnOn', () => {
  it('runs writes to one stream one at a time, in the order they came', async () => {
    const log: string[] = [];
    let running = 0;
    const write = (name: string) => inTurnOn(['s-1'], async ({ waited }) => {
      running += 1;
      expect(running).toBe(1);
      log.push(`${name}:${waited}`);
      await sleep(5);
      running -= 1;
      return name;
    });
    expect(await Promise.all(['a', 'b', 'c'].map(write))).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a:false', 'b:true', 'c:true']);
  });

  it('lets writes to other streams run at the same time', async () => {
    let running = 0;
    let most = 0;
    await Promise.all(['s-1', 's-2', 's-3'].map((id) => inTurnOn([id], async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(5);
      running -= 1;
    })));
    expect(most).toBe(3);
  });

  it('never deadlocks two writes that name the same streams in another order', async () => {
    const done = await Promise.all([
      inTurnOn(['x', 'y'], async () => { await sleep(5); return 1; }),
      inTurnOn(['y', 'x'], async () => { await sleep(5); return 2; }),
    ]);
    expect(done).toEqual([1, 2]);
  });

  it('ends the turn when a write fails', async () => {
    await expect(inTurnOn(['s-9'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await inTurnOn(['s-9'], async ({ waited }) => waited)).toBe(false);
  });
});
