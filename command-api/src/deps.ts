import type { SessionStore } from '@hamlog/infra/auth/session-store';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { EventStore } from '@hamlog/infra/ports/event-store';

export interface CommandDeps {
  store: EventStore;
  sessions: SessionStore;
  logger: Logger;
  now?: () => Date;
}
