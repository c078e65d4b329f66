import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLimitStore } from '../src/limits/redis-limit-store';
import type { LimitStore } from '../src/ports/limit-store';
import { limitStoreContract } from './limit-store.contract';
import { redisReachable } from '../src/testing/redis';

const url = process.env.REDIS_URL;

const up = await redisReachable(url);
if (!up) {
  if (process.env.CI === 'true') throw new Error(`Redis is required in CI but there is none at REDIS_URL (${url ?? 'unset'})`);
  console.warn(`skipped: the Redis limit store (no Redis at REDIS_URL=${url ?? 'unset'}; run scripts/redis.sh start)`);
}

const prefix = `hamlog-test-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  if (!up) return;
  const redis = new Redis(url!);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

limitStoreContract(
  'Redis',
  async () => {
    const opened: LimitStore[] = [];
    const open = () => {
      const store = new RedisLimitStore({ url: url!, prefix });
      opened.push(store);
      return store;
    };
    const store = open();
    return { store: () => store, another: open, dispose: async () => void (await Promise.all(opened.map((s) => s.close()))) };
  },
  { skip: !up },
);

describe('the Redis limit store while Redis is away', () => {
  it('refuses with 503 (closed, not open): nothing a limit guards gets through', async () => {
    const store = new RedisLimitStore({ url: 'redis://127.0.0.1:1', prefix });
    try {
      await expect(store.take([{ key: 'k', windows: [{ max: 1, windowMs: 1000 }] }], Date.now())).rejects.toMatchObject({ status: 503 });
    } finally {
      await store.close();
    }
  });
});
