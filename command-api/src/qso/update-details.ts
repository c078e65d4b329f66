import { QsoNotFoundError, ownLiveQso, qsoDecider, qsoStreamName, type QsoCommand, type QsoDetails, type QsoState } from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand } from '../handling/handle-command';

/**
 * A QSO's detail fields changed by `change`, as an edit by its owner (the sync's marks, paper
 * cards marked in bulk). Null when nothing changed or the QSO is gone (deleted, or not theirs).
 */
export async function updateQsoDetails(store: EventStore, userId: string, qdoId: string, change: (details: QsoDetails | undefined) => QsoDetails, metadata: EventMetadata): Promise<AppendResult | null> {
  const command = (state: QsoState): QsoCommand => {
    const { fields } = ownLiveQso(state, qdoId, userId);
    return { type: 'UpdateQso', data: { qdoId, byUserId: userId, fields: { ...fields, details: change(fields.details) } } };
  };
  try {
    return (await handleCommand(store, qsoStreamName(qdoId), qsoDecider, command, metadata)).appended;
  } catch (error) {
    if (error instanceof QsoNotFoundError) return null;
    throw error;
  }
}
