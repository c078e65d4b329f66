import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { BullMqJobQueue, RedisFanOut } from '../src/jobs';
import type { FanOut, JobQueue } from '../src/ports/jobs';
import { jobsContract } from './jobs.contract';
import { redisReachable } from '../src/testing/redis';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const up = await redisReachable(url);
if (!up) {
  if (process.env.CI === 'true') throw new Error(`Redis is required in CI but there is no server at ${url}`);
  console.warn(`skipped: Redis (no server at ${url}; run scripts/redis.sh start)`);
}

const prefix = `hamlog-test-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  if (!up) return;
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

jobsContract(
  'BullMQ + Redis',
  async () => {
    const opened: (JobQueue | FanOut)[] = [];
    const open = <T extends JobQueue | FanOut>(x: T) => (opened.push(x), x);
    const newQueue = () => open(new BullMqJobQueue({ url, prefix, backoffMs: 50, onFailed: () => {} }));
    return {
      queue: newQueue,
      restart: newQueue,
      fanOut: () => open(new RedisFanOut({ url, prefix })),
      async dispose() {
        await Promise.all(opened.map((x) => x.close()));
      },
    };
  },
  { skip: !up },
);
