import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_API_KEY_LOGINS } from '@hamlog/domain';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { postFrom } from './from-address';
import { serviceProcesses, startBehindGateway, type ServiceProcesses } from './service-processes';

const forgedAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

// The production shape on PostgreSQL alone: command-api and query-api in their own processes
// behind `gateway --proxy`. The limits count the address the gateway saw, not one the client wrote.
describe('client addresses behind the gateway (production shape)', () => {
  let db: TestDatabase;
  let services: ServiceProcesses;
  let gateway = '';

  beforeAll(async () => {
    db = await createTestDatabase('client_address');
    services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', EVENTSTORE_URL: '', TRUST_PROXY: '', LOG_LEVEL: 'warn' });
    gateway = await startBehindGateway(services, ['@hamlog/projectors']);
  }, 120_000);

  afterAll(async () => {
    await services?.stop();
    await db?.drop();
  });

  it('limits a client that forges X-Forwarded-For and X-Real-IP on every request, and not another client', async () => {
    const badKey = (i: number) => ({ api_key: `not-a-key-${i}` });
    for (let i = 0; i < 20; i += 1) {
      const forged = forgedAddress();
      const res = await postFrom(gateway, '/vapikeylogin', badKey(i), { from: '127.0.0.2', headers: { 'x-forwarded-for': forged, 'x-real-ip': forged } });
      expect(res.status).toBe(401);
    }
    const forged = forgedAddress();
    const limited = await postFrom(gateway, '/vapikeylogin', badKey(20), { from: '127.0.0.2', headers: { 'x-forwarded-for': forged, 'x-real-ip': forged } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_API_KEY_LOGINS);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another client (another address) is not held up by the first one's failures, whatever it claims to be.
    const other = await postFrom(gateway, '/vapikeylogin', badKey(21), { from: '127.0.0.3', headers: { 'x-forwarded-for': '127.0.0.2' } });
    expect(other.status).toBe(401);
  }, 60_000);
});
