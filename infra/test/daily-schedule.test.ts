/** Daily schedules: the next run's time, and the in-process queue's timer (BullMQ's: jobs-schedule.bullmq.test.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InProcessJobQueue } from '../src/jobs';
import { dailyCronPattern, nextDailyRun } from '../src/jobs/daily-schedule';
import type { Job } from '../src/ports/jobs';

const at = (iso: string) => new Date(iso);
const FIVE_PAST = { hour: 0, minute: 5 };

describe('nextDailyRun', () => {
  it('is later today when the time has not come, else tomorrow; never the same instant', () => {
    expect(nextDailyRun(at('2025-03-10T00:04:59.999Z'), FIVE_PAST)).toEqual(at('2025-03-10T00:05:00Z'));
    expect(nextDailyRun(at('2025-03-10T00:05:00Z'), FIVE_PAST)).toEqual(at('2025-03-11T00:05:00Z'));
    expect(nextDailyRun(at('2025-03-10T23:59:00Z'), FIVE_PAST)).toEqual(at('2025-03-11T00:05:00Z'));
    expect(nextDailyRun(at('2024-12-31T12:00:00Z'), FIVE_PAST)).toEqual(at('2025-01-01T00:05:00Z'));
    expect(nextDailyRun(at('2024-02-28T23:00:00Z'), { hour: 23, minute: 30 })).toEqual(at('2024-02-28T23:30:00Z'));
  });

  it('refuses what is not a time of day, and writes the cron pattern BullMQ reads in UTC', () => {
    expect(() => nextDailyRun(at('2025-03-10T00:00:00Z'), { hour: 24, minute: 0 })).toThrow(RangeError);
    expect(() => dailyCronPattern({ hour: 0, minute: 5.5 })).toThrow(RangeError);
    expect(dailyCronPattern(FIVE_PAST)).toBe('5 0 * * *');
  });
});

describe('InProcessJobQueue.scheduleDaily', () => {
  let queue: InProcessJobQueue | undefined;
  afterEach(async () => {
    await queue?.close();
    vi.useRealTimers();
  });

  it('adds the job at the time every day, once however often it was scheduled', async () => {
    vi.useFakeTimers({ now: at('2025-03-10T22:00:00Z') });
    queue = new InProcessJobQueue({ backoffMs: 50 });
    const runs: { job: Job<{ n: number }>; at: string }[] = [];
    await queue.work<{ n: number }>('q', async (job) => void runs.push({ job, at: new Date().toISOString() }));
    await queue.scheduleDaily('q', 'daily', FIVE_PAST, { name: 'sweep', data: { n: 1 } });
    await queue.scheduleDaily('q', 'daily', FIVE_PAST, { name: 'sweep', data: { n: 2 } }); // replaces the first

    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000 + 4 * 60 * 1000); // 00:04
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 1000); // 00:05
    expect(runs.map((r) => [r.at, r.job.name, r.job.data.n])).toEqual([['2025-03-11T00:05:00.000Z', 'sweep', 2]]);
    expect(runs[0]!.job.id).toBe(`daily:${at('2025-03-11T00:05:00Z').getTime()}`);

    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(runs.map((r) => r.at)).toEqual(['2025-03-11T00:05:00.000Z', '2025-03-12T00:05:00.000Z']);
  });

  it('stops with the queue', async () => {
    vi.useFakeTimers({ now: at('2025-03-10T00:00:00Z') });
    queue = new InProcessJobQueue();
    const runs: string[] = [];
    await queue.work('q', async (job) => void runs.push(job.id));
    await queue.scheduleDaily('q', 'daily', FIVE_PAST, { name: 'sweep', data: {} });
    await queue.close();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(runs).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
