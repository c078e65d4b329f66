import type { QslCardMarks } from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { updateQsoDetails } from './update-details';

/** Paper cards marked sent, queued or received on many QSOs of the caller's: how many changed, and the last write. */
export async function markQslCards(store: EventStore, userId: string, marks: QslCardMarks, metadata: EventMetadata): Promise<{ changed: number; last: AppendResult | null }> {
  let changed = 0;
  let last: AppendResult | null = null;
  for (const qdoId of marks.qdoIds) {
    const appended = await updateQsoDetails(store, userId, qdoId, marks.change, metadata);
    if (appended) {
      changed += 1;
      last = appended;
    }
  }
  return { changed, last };
}
