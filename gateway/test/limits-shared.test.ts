/**
 * Production runs a pool of command-api processes: with REDIS_URL their limits count together
 * (decision 0047), so a burst spread over two instances gets no further than one instance allows.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED, TOO_MANY_LOGIN_ATTEMPTS } from '@hamlog/domain';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { ApiClient, type Answer } from './server-harness';
import { serviceProcesses, type ServiceProcesses } from './service-processes';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  if (process.env.CI === 'true') throw new Error('CI needs REDIS_URL for the limits shared by command-api instances');
  console.log('skipped: limits shared by command-api instances (set REDIS_URL; scripts/redis.sh start)');
}

describe.skipIf(!redisUrl)('two command-api processes share their limits through Redis', () => {
  let db: TestDatabase;
  let services: ServiceProcesses;
  const instances: string[] = [];
  const namespace = `test-limits-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('limits_shared');
    services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', EVENTSTORE_URL: '', REDIS_URL: redisUrl, STREAM_NAMESPACE: namespace, LOG_LEVEL: 'warn' });
    // One after the other: the first creates the tables.
    instances.push(await services.start('command-api'));
    instances.push(await services.start('command-api'));
    await new ApiClient(instances[0]!).signUp('pool@example.com', 'W1POL', 'the-right-password');
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
    await db?.drop();
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('40 concurrent wrong passwords for one account, half to each instance: 10 are tried in all', async () => {
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) => new ApiClient(instances[i % 2]!).post('/vlogin', { email: 'pool@example.com', password: `guess ${i}` })),
    );
    expect(answers.filter((a) => ![401, 429].includes(a.status)).map((a) => a.status)).toEqual([]);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 401)) expect(a.body).toEqual({ message: LOGIN_FAILED });
    for (const a of answers.filter((x) => x.status === 429)) expect(a.body).toEqual({ message: TOO_MANY_LOGIN_ATTEMPTS });
    // Each instance refuses the right password now, from this address: the count is one.
    for (const url of instances) expect((await new ApiClient(url).post('/vlogin', { email: 'pool@example.com', password: 'the-right-password' })).status).toBe(429);
  }, 60_000);
});
