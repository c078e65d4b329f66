/** Helpers of the tests that compare the stream-built answers with the event log itself. */
import type { EventStore, RecordedEvent } from '@hamlog/infra/ports/event-store';

/** Asks until `found` holds, every 100 ms, at most `timeoutMs`; then fails naming `what` and the last answer. */
export async function until<T>(ask: () => Promise<T>, found: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ask();
    if (found(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The whole event log, in order. */
export async function readLog(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let batch = await store.readAll(null, 1000); batch.length > 0; batch = await store.readAll(batch[batch.length - 1]!.position, 1000)) events.push(...batch);
  return events;
}
