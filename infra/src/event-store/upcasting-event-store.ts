import { currentEventVersions, type Upcaster } from '@hamlog/domain/upcasters';
import type { AppendRequest, EventStore, RecordedEvent } from '../ports/event-store';

/** Brings one stored event up to its type's current version, one upcaster at a time. */
export function upcastEvent(byVersion: Map<string, Upcaster>, event: RecordedEvent): RecordedEvent {
  let current = event;
  for (let upcaster = byVersion.get(`${current.type}@${current.version}`); upcaster; upcaster = byVersion.get(`${current.type}@${current.version}`)) {
    current = { ...current, version: upcaster.fromVersion + 1, data: upcaster.upcast(current.data) };
  }
  return current;
}

/**
 * The hook where events are read and written: every read of the store (a stream, the log, a
 * subscription) hands out events upcast to their current version, and an append without a
 * version is stamped with its type's current one. With no upcasters the store is answered as it is.
 */
export function withUpcasting(store: EventStore, upcasters: readonly Upcaster[]): EventStore {
  if (upcasters.length === 0) return store;
  const byVersion = new Map(upcasters.map((u) => [`${u.type}@${u.fromVersion}`, u]));
  const up = (events: RecordedEvent[]) => events.map((e) => upcastEvent(byVersion, e));
  const versions = currentEventVersions(upcasters);
  const stamped = (request: AppendRequest): AppendRequest => {
    if (!request.events.some((e) => e.version === undefined && versions.has(e.type))) return request;
    return { ...request, events: request.events.map((e) => (e.version === undefined && versions.has(e.type) ? { ...e, version: versions.get(e.type)! } : e)) };
  };
  return {
    append: (request) => store.append(stamped(request)),
    appendMany: (requests) => store.appendMany(requests.map(stamped)),
    streamRevisions: (streamIds) => store.streamRevisions(streamIds),
    readStream: async (streamId, options) => up(await store.readStream(streamId, options)),
    readAll: async (after, maxCount) => up(await store.readAll(after, maxCount)),
    subscribeAll: (after, handler, options) => store.subscribeAll(after, (events) => handler(up(events)), options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
