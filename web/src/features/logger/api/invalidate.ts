import type { QueryClient } from '@tanstack/react-query';
import { invalidateQsoReads } from '@/lib/query-keys';
import { CONTEST_LOGGER_ROOT } from './contest-mode';
import { LOGBAR_ROOT } from './get-logbar';

/** After a QSO was logged, changed or deleted: the QSO reads, the log bar's counts and cards, and contest mode's figures. */
export function invalidateAfterQsoWrite(client: QueryClient, deletedId?: string): Promise<void> {
  return Promise.all([
    invalidateQsoReads(client, deletedId),
    client.invalidateQueries({ queryKey: [LOGBAR_ROOT] }),
    client.invalidateQueries({ queryKey: [CONTEST_LOGGER_ROOT] }),
  ]).then(() => undefined);
}
