import { Redis } from 'ioredis';

/** Whether a Redis answers PING at `url` within 2 s (false when `url` is unset). */
export async function redisReachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
