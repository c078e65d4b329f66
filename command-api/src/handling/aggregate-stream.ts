import { foldEvents, type Decider, type Message } from '@hamlog/domain';
import type { EventStore, ExpectedRevision, RecordedEvent } from '@hamlog/infra/ports/event-store';

/** An event as the domain's deciders produce it. */
export type DomainEvent = Message<string, unknown>;

export interface StreamState<S> {
  state: S;
  revision: ExpectedRevision;
}

/** A stream's state and the events it was folded from (only those read: after `from`, when given). */
export interface AggregatedStream<S> extends StreamState<S> {
  events: RecordedEvent[];
}

/**
 * Reads a stream and folds it with its decider: the one way the command side learns a stream's
 * state. From a state known at a revision (`from`), only the events after it are read and folded onto it.
 */
export async function aggregateStream<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<never, E, S>, 'initialState' | 'evolve'>,
  from?: StreamState<S>,
): Promise<AggregatedStream<S>> {
  const after = typeof from?.revision === 'number' ? from.revision : -1;
  const events = await store.readStream(streamId, after >= 0 ? { fromRevision: after + 1 } : {});
  const state = foldEvents(decider, events.map((e) => ({ type: e.type, data: e.data }) as E), from ? from.state : decider.initialState());
  const last = events[events.length - 1];
  return { state, revision: last ? last.revision : (from?.revision ?? 'no_stream'), events };
}
