import type { QueryClient } from '@tanstack/react-query';
import { invalidateQsoReads } from '@/lib/query-keys';
import { LOGBAR_ROOT } from './get-logbar';

/** After a QSO was logged, changed or deleted: the QSO reads and the log bar's counts and cards. */
export function invalidateAfterQsoWrite(client: QueryClient, deletedId?: string): Promise<void> {
  return Promise.all([invalidateQsoReads(client, deletedId), client.invalidateQueries({ queryKey: [LOGBAR_ROOT] })]).then(() => undefined);
}
