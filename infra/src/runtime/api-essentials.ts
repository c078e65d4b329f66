import { SessionStore, sessionMigrations } from '../auth/session-store';
import type { Config } from '../config/config';
import type { EventStore } from '../ports/event-store';
import { runMigrations } from '../postgres/migrations';
import type { Pool } from '../postgres/pool';
import { ProjectionProgress } from '../postgres/projection-progress';
import { openEventStore } from './adapters';

export interface ApiEssentials {
  store: EventStore;
  sessions: SessionStore;
  progress: ProjectionProgress;
  close(): Promise<void>;
}

/** What both APIs open beside their pool: the event store, sessions (with revocations) and read-model progress. */
export async function openApiEssentials(config: Config, pool: Pool): Promise<ApiEssentials> {
  await runMigrations(pool, 'auth', sessionMigrations);
  const store = await openEventStore(config, pool);
  const sessions = new SessionStore(pool);
  await sessions.listenForRevocations();
  const progress = new ProjectionProgress(pool);
  await progress.start();
  return {
    store,
    sessions,
    progress,
    async close() {
      await progress.stop();
      await sessions.close();
      await store.close();
    },
  };
}
