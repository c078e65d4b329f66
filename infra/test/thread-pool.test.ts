import { describe, expect, it } from 'vitest';
import { concurrencyLimit, threadPoolSize } from '../src/runtime/thread-pool';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('concurrencyLimit', () => {
  it('runs at most max tasks at once, the rest in the order they came', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      return i * 10;
    };
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => limit(task(i))));
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a limit below 1', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
  });
});

describe('threadPoolSize', () => {
  it('is UV_THREADPOOL_SIZE, or libuv default of 4', () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '8' })).toBe(8);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'lots' })).toBe(4);
  });
});

describe('inCostlySlot', () => {
  it('is one queue for the whole process: at most min(cores, pool - 1) costly tasks run at once', async () => {
    const { availableParallelism } = await import('node:os');
    const { inCostlySlot } = await import('../src/runtime/thread-pool');
    const limit = Math.max(1, Math.min(availableParallelism(), threadPoolSize() - 1));
    let running = 0;
    let peak = 0;
    const task = () =>
      inCostlySlot(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
      });
    await Promise.all(Array.from({ length: limit * 3 }, task));
    expect(peak).toBe(limit);
  });
});
