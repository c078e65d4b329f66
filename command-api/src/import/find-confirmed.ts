import { findConfirmedQsos } from '@hamlog/infra/read-models/logbook/confirmation-matches';
import type { CommandDeps } from '../deps';
import type { FindConfirmedQsos } from './import-qso-records';

/** How long an import's first confirming chunk waits for the logbook to hold the log's earlier writes. */
const LOGBOOK_WAIT_MS = 30_000;

/**
 * Matches an import's confirming records against the logbook read model, once that has applied
 * everything in the log when the first of them comes (the user's earlier imports and QSOs).
 */
export function confirmedQsoFinder(deps: Pick<CommandDeps, 'pool' | 'progress' | 'store'>): FindConfirmedQsos {
  let caughtUp: Promise<unknown> | null = null;
  return async (userId, records) => {
    caughtUp ??= deps.progress ? deps.store.headPosition().then((head) => deps.progress!.waitFor(['logbook'], head, LOGBOOK_WAIT_MS)) : Promise.resolve();
    await caughtUp;
    return findConfirmedQsos(deps.pool, userId, records);
  };
}
