import { rigDecider, rigStreamName, type RigAggregateState } from '@hamlog/domain';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { aggregateStream, type StreamState } from '../handling/handle-command';

const MAX_REMEMBERED = 50_000;

/** The state alone: the events read are not kept with what is remembered. */
const stateOf = ({ state, revision }: StreamState<RigAggregateState>): StreamState<RigAggregateState> => ({ state, revision });

/**
 * Loads users' rig streams without reading them from the start. A rig stream grows by an event
 * at least every 30 s while a companion app runs, but each RigReported carries the whole rig
 * state, so folding any tail that holds the last event gives the state. The tail starts after
 * the revision this process last saw, else at the revision live_stations last projected;
 * only a stream that neither knows is read whole.
 */
export class RigStreams {
  private readonly known = new Map<string, StreamState<RigAggregateState>>();

  constructor(
    private readonly store: EventStore,
    private readonly projectedRevision: (userId: string) => Promise<number | null>,
  ) {}

  async load(userId: string): Promise<StreamState<RigAggregateState>> {
    const streamId = rigStreamName(userId);
    const seen = this.known.get(userId);
    if (seen && typeof seen.revision === 'number') return stateOf(await aggregateStream(this.store, streamId, rigDecider, seen));
    const from = await this.projectedRevision(userId);
    if (from !== null) {
      const tail = await aggregateStream(this.store, streamId, rigDecider, { state: rigDecider.initialState(), revision: from - 1 });
      if (tail.events.length > 0) return stateOf(tail);
    }
    return stateOf(await aggregateStream(this.store, streamId, rigDecider));
  }

  remember(userId: string, loaded: StreamState<RigAggregateState>): void {
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.set(userId, loaded);
  }

}
