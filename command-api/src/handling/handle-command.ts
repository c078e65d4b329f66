import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
} from '@hamlog/infra/ports/event-store';

export interface DomainEvent {
  type: string;
  data: unknown;
}

export interface Decider<C, E extends DomainEvent, S> {
  initialState(): S;
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
}

export interface StreamState<S> {
  state: S;
  revision: ExpectedRevision;
}

export async function loadStream<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
): Promise<StreamState<S>> {
  const recorded = await store.readStream(streamId);
  const state = recorded.reduce((s, e: RecordedEvent) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
  const last = recorded[recorded.length - 1];
  return { state, revision: last ? last.revision : 'no_stream' };
}

export function toNewEvents(events: DomainEvent[], metadata: EventMetadata) {
  return events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata }));
}

export interface Handled<E, S> {
  events: E[];
  state: S;
  /** null when the decision produced no events (nothing to write). */
  appended: AppendResult | null;
}

/**
 * Read the stream, decide, append with the revision read; on a concurrent write, read and decide
 * again (a few times) so the decision is always made against the latest state.
 * The first read can be skipped: `assumeNew` for streams that are almost always new (logging a
 * QSO), or `loaded` when the caller has just read the stream itself.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  metadata: EventMetadata,
  options: { assumeNew?: boolean; loaded?: StreamState<S>; attempts?: number } = {},
): Promise<Handled<E, S>> {
  const attempts = options.attempts ?? 4;
  let loaded: StreamState<S> | null =
    options.loaded ?? (options.assumeNew ? { state: decider.initialState(), revision: 'no_stream' } : null);
  for (let attempt = 1; ; attempt += 1) {
    loaded ??= await loadStream(store, streamId, decider);
    const events = decider.decide(command, loaded.state);
    const state = events.reduce((s, e) => decider.evolve(s, e), loaded.state);
    if (events.length === 0) return { events, state, appended: null };
    try {
      const appended = await store.append({ streamId, events: toNewEvents(events, metadata), expectedRevision: loaded.revision });
      return { events, state, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
      loaded = null;
    }
  }
}
