import { afterAll, beforeAll, describe } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { plainClientReadsItsOwnWrites, splitShape } from './plain-client-reads';
import { serviceProcesses, startBehindGateway, type ServiceProcesses } from './service-processes';

// The production shape on PostgreSQL alone, so it runs wherever the tests do: command-api,
// query-api and the projectors each in their own process behind the gateway. A writer's position
// meets that writer's reads in PostgreSQL, not in any process's memory.
describe('command-api and query-api apart: a client that sends no extra header reads its own writes', () => {
  let db: TestDatabase;
  let services: ServiceProcesses;
  let gateway = '';

  beforeAll(async () => {
    db = await createTestDatabase('split');
    services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', EVENTSTORE_URL: '', LOG_LEVEL: 'warn' });
    gateway = await startBehindGateway(services, ['@hamlog/projectors']);
  }, 120_000);

  afterAll(async () => {
    await services?.stop();
    await db?.drop();
  });

  plainClientReadsItsOwnWrites(() => splitShape(db, gateway));
});
