import { afterAll, beforeAll, describe } from 'vitest';
import { subscribe } from './people-helpers';
import { plainClientReadsItsOwnWrites, STALLED_POSITION } from './plain-client-reads';
import { startTestServer, type TestServer } from './server-harness';

describe('one process: a client that sends no extra header reads its own writes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.stop();
  });
  plainClientReadsItsOwnWrites(() => ({
    url: t.url,
    stallReadsOf: (userId) => t.server.writePositions.remember(userId, STALLED_POSITION),
    subscribe: async (userId) => void (await subscribe(t, userId)),
  }));
});
