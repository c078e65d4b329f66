import { SessionStore, sessionMigrations } from '../auth/session-store';
import type { Config } from '../config/config';
import type { EventStore } from '../ports/event-store';
import { runMigrations } from '../postgres/migrations';
import type { Pool } from '../postgres/pool';
import { ProjectionProgress } from '../postgres/projection-progress';
import type { WritePositions } from '../ports/write-positions';
import { InProcessWritePositions } from '../read-your-writes/in-process-write-positions';
import { PostgresWritePositions } from '../read-your-writes/postgres-write-positions';
import { openEventStore } from './adapters';

export interface ApiEssentials {
  store: EventStore;
  sessions: SessionStore;
  progress: ProjectionProgress;
  /** Each user's latest write, so their reads wait for it whatever client they use. */
  writePositions: WritePositions;
  close(): Promise<void>;
}

/**
 * What both APIs open beside their pool: the event store, sessions (with revocations), read-model
 * progress and users' write positions. `oneProcess`: the command and query sides share this
 * process, so write positions stay in its memory; apart, they meet in PostgreSQL.
 */
export async function openApiEssentials(config: Config, pool: Pool, options: { oneProcess?: boolean; now?: () => Date } = {}): Promise<ApiEssentials> {
  await runMigrations(pool, 'auth', sessionMigrations);
  const store = await openEventStore(config, pool);
  const sessions = new SessionStore(pool, options.now);
  await sessions.listenForRevocations();
  const progress = new ProjectionProgress(pool);
  await progress.start();
  const writePositions = options.oneProcess ? new InProcessWritePositions() : await PostgresWritePositions.open(pool);
  return {
    store,
    sessions,
    progress,
    writePositions,
    async close() {
      await writePositions.close();
      await progress.stop();
      await sessions.close();
      await store.close();
    },
  };
}
