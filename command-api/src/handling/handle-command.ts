import { randomUUID } from 'node:crypto';
import { foldEvents, type Decider } from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore, ExpectedRevision } from '@hamlog/infra/ports/event-store';
import { aggregateStream, type DomainEvent, type StreamState } from './aggregate-stream';
import { retryOnConflict } from './retry-on-conflict';
import { inTurnOn } from './stream-queue';

export { aggregateStream, type DomainEvent, type StreamState } from './aggregate-stream';

export function toNewEvents(events: DomainEvent[], metadata: EventMetadata) {
  return events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata }));
}

export interface Handled<E, S> {
  events: E[];
  state: S;
  /** The stream's revision with these events (the one read when there were none). */
  revision: ExpectedRevision;
  /** null when the decision produced no events (nothing to write). */
  appended: AppendResult | null;
}

export interface HandleOptions<S> {
  /** The stream is almost always new (logging a QSO): the first attempt does not read it. */
  assumeNew?: boolean;
  /** The caller has just read the stream: the first attempt decides against that. */
  loaded?: StreamState<S>;
  /** How an attempt reads the stream (default: all of it from the store). */
  load?: () => Promise<StreamState<S>>;
}

/**
 * Read the stream, decide, append with the revision read; on a concurrent write, read and decide
 * again (retryOnConflict) so the decision is always made against the latest state. Writers of
 * this process to one stream take turns (stream-queue.ts).
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  /** Or how to build it from the state each attempt reads (an edit of some fields merges them into the latest). */
  command: C | ((state: S) => C),
  metadata: EventMetadata,
  options: HandleOptions<S> = {},
): Promise<Handled<E, S>> {
  const load = options.load ?? (() => aggregateStream(store, streamId, decider));
  const first = options.loaded ?? (options.assumeNew ? { state: decider.initialState(), revision: 'no_stream' as const } : null);
  return inTurnOn([streamId], ({ waited }) => retryOnConflict(async (attempt) => {
    const loaded = (attempt === 1 && !waited ? first : null) ?? (await load());
    const events = decider.decide(typeof command === 'function' ? (command as (state: S) => C)(loaded.state) : command, loaded.state);
    const state = foldEvents(decider, events, loaded.state);
    if (events.length === 0) return { events, state, revision: loaded.revision, appended: null };
    const appended = await store.append({ streamId, events: toNewEvents(events, metadata), expectedRevision: loaded.revision });
    return { events, state, revision: appended.nextRevision, appended };
  }));
}
