import type { SessionStore } from '@hamlog/infra/auth/session-store';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AggregatesStore } from '@hamlog/infra/ports/aggregates';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';

export interface QueryDeps {
  pool: Pool;
  sessions: SessionStore;
  progress: ProjectionProgress;
  aggregates: AggregatesStore;
  logger: Logger;
  now?: () => Date;
}
