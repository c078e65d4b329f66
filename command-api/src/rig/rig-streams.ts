import { rigDecider, rigStreamName, type RigAggregateState, type RigEvent } from '@hamlog/domain';
import type { EventStore, RecordedEvent } from '@hamlog/infra/ports/event-store';
import { loadStream, type StreamState } from '../handling/handle-command';

const MAX_REMEMBERED = 50_000;

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
    if (seen && typeof seen.revision === 'number') {
      const newer = await this.store.readStream(streamId, { fromRevision: seen.revision + 1 });
      return this.fold(seen, newer);
    }
    const from = await this.projectedRevision(userId);
    if (from !== null) {
      const tail = await this.store.readStream(streamId, { fromRevision: from });
      if (tail.length > 0) return this.fold({ state: rigDecider.initialState(), revision: 'no_stream' }, tail);
    }
    return loadStream(this.store, streamId, rigDecider);
  }

  remember(userId: string, loaded: StreamState<RigAggregateState>): void {
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.set(userId, loaded);
  }

  private fold(start: StreamState<RigAggregateState>, events: RecordedEvent[]): StreamState<RigAggregateState> {
    const last = events.at(-1);
    if (!last) return start;
    const state = events.reduce((s, e) => rigDecider.evolve(s, { type: e.type, data: e.data } as RigEvent), start.state);
    return { state, revision: last.revision };
  }
}
