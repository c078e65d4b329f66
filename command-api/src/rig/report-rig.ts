import { rigDecider, rigStreamName, type RigAggregateState, type RigCommand, type RigEvent } from '@hamlog/domain';
import type { EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, type Handled } from '../handling/handle-command';
import type { RigStreams } from './rig-streams';

/**
 * A companion app's rig report. Each attempt reads the stream from the revision this process
 * last saw (RigStreams), so a report that lost a race only reads what the other one wrote.
 */
export async function reportRig(
  store: EventStore,
  streams: RigStreams,
  command: RigCommand,
  metadata: EventMetadata,
): Promise<Handled<RigEvent, RigAggregateState>> {
  const { userId } = command.data;
  const handled = await handleCommand(store, rigStreamName(userId), rigDecider, command, metadata, { load: () => streams.load(userId) });
  streams.remember(userId, { state: handled.state, revision: handled.revision });
  return handled;
}
