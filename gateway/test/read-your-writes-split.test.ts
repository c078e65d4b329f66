import { afterAll, beforeAll, describe } from 'vitest';
import { plainClientReadsItsOwnWrites, splitShape } from './plain-client-reads';
import { startSplitShape, type SplitShape } from './service-processes';

// A writer's position meets that writer's reads in PostgreSQL, not in any process's memory.
describe('command-api and query-api apart: a client that sends no extra header reads its own writes', () => {
  let shape: SplitShape;

  beforeAll(async () => {
    shape = await startSplitShape('split');
  }, 120_000);

  afterAll(async () => shape?.stop());

  plainClientReadsItsOwnWrites(() => splitShape(shape.db, shape.gateway));
});
