import { afterAll, beforeAll, describe } from 'vitest';
import { plainClientReadsItsOwnWrites } from './plain-client-reads';
import { startTestServer, type TestServer } from './server-harness';

describe('one process: a client that sends no extra header reads its own writes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.stop();
  });
  plainClientReadsItsOwnWrites(() => t.url);
});
