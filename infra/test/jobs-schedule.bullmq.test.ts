/** BullMQ's daily schedule is a job scheduler kept in Redis; upserting it again keeps one. */
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BullMqJobQueue } from '../src/jobs';
import { nextDailyRun } from '../src/jobs/daily-schedule';
import { redisReachable } from '../src/testing/redis';

const url = process.env.REDIS_URL;

const up = await redisReachable(url);
if (!up) console.warn(`skipped: BullMQ daily schedules (${url ? `no Redis at ${url}` : 'REDIS_URL is unset'})`);

const prefix = `hamlog-test-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  if (!up) return;
  const redis = new Redis(url!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe.skipIf(!up)('BullMqJobQueue.scheduleDaily', () => {
  it('upserts one job scheduler with a UTC cron pattern, its next job delayed to the next run', async () => {
    const jobs = new BullMqJobQueue({ url: url!, prefix });
    const inspect = new Queue('awards-test', { connection: { url: url! }, prefix });
    try {
      const before = new Date();
      await jobs.scheduleDaily('awards-test', 'daily-awards', { hour: 0, minute: 5 }, { name: 'sweep', data: { a: 1 }, attempts: 4 });
      await jobs.scheduleDaily('awards-test', 'daily-awards', { hour: 0, minute: 5 }, { name: 'sweep', data: { a: 2 }, attempts: 4 });
      expect(await inspect.getJobSchedulersCount()).toBe(1);
      const scheduler = await inspect.getJobScheduler('daily-awards');
      expect(scheduler).toMatchObject({ pattern: '5 0 * * *', tz: 'UTC', name: 'sweep' });
      expect(scheduler?.next).toBe(nextDailyRun(before, { hour: 0, minute: 5 }).getTime());
      const delayed = await inspect.getDelayed();
      expect(delayed.map((j) => [j.name, j.data, j.opts.attempts])).toEqual([['sweep', { a: 2 }, 4]]);
    } finally {
      await inspect.close();
      await jobs.close();
    }
  });
});
