import type { RecordedEvent } from '../ports/event-store';
import type { EventRow } from './append-planner';

interface Entry {
  row: EventRow;
  createdAt: Date;
  /** Made on the first read, then handed to every reader. */
  event: RecordedEvent | null;
}

/**
 * The events this process committed last, kept so that reads of the log's tail (the projectors',
 * the stream forwarder's) are answered from memory instead of reading back, and parsing again,
 * what was just written. Positions are gap-free and assigned under the append lock, so a run of
 * positions this process wrote is exactly the log's content there; a read is answered only when
 * its first position is held, and only as far as the positions run on without a gap (events of
 * another process in between are read from the database). Kept up to `maxBytes` of event JSON,
 * oldest dropped first.
 */
export class RecentEvents {
  private entries: Entry[] = [];
  /** Index of the oldest kept entry (the array is compacted now and then). */
  private first = 0;
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** A flush's rows, once committed; `createdAt` is its transaction's time (the rows' created_at). */
  add(rows: readonly EventRow[], createdAt: Date): void {
    if (rows.length === 0 || this.maxBytes <= 0) return;
    const last = this.entries[this.entries.length - 1];
    // Flushes commit one after the other: never out of order, but start over rather than hold a wrong order.
    if (last && rows[0]!.position <= last.row.position) this.clear();
    for (const row of rows) {
      this.entries.push({ row, createdAt, event: null });
      this.bytes += row.data.length + row.metadata.length + ENTRY_OVERHEAD;
    }
    while (this.bytes > this.maxBytes && this.first < this.entries.length) {
      const dropped = this.entries[this.first++]!;
      this.bytes -= dropped.row.data.length + dropped.row.metadata.length + ENTRY_OVERHEAD;
    }
    if (this.first > 4096 && this.first * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.first);
      this.first = 0;
    }
  }

  clear(): void {
    this.entries = [];
    this.first = 0;
    this.bytes = 0;
  }

  /** The events after `after`, up to `maxCount`, when the next one is held; null otherwise (read the database). */
  read(after: number, maxCount: number): RecordedEvent[] | null {
    const at = this.indexOf(after + 1);
    if (at < 0 || maxCount <= 0) return null;
    const events: RecordedEvent[] = [];
    // An import's events share one metadata object: parsed once per read.
    const metadata = new Map<string, RecordedEvent['metadata']>();
    for (let i = at, expected = after + 1; i < this.entries.length && events.length < maxCount; i += 1, expected += 1) {
      const entry = this.entries[i]!;
      if (entry.row.position !== expected) break;
      entry.event ??= toEvent(entry, metadata);
      events.push(entry.event);
    }
    return events;
  }

  private indexOf(position: number): number {
    let lo = this.first;
    let hi = this.entries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const p = this.entries[mid]!.row.position;
      if (p === position) return mid;
      if (p < position) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** What an entry costs beyond its JSON (the row, the event made from it), roughly. */
const ENTRY_OVERHEAD = 400;

function toEvent({ row, createdAt }: Entry, metadata: Map<string, RecordedEvent['metadata']>): RecordedEvent {
  let meta = metadata.get(row.metadata);
  if (!meta) {
    meta = JSON.parse(row.metadata) as RecordedEvent['metadata'];
    metadata.set(row.metadata, meta);
  }
  return {
    id: row.eventId,
    type: row.type,
    version: row.version,
    data: JSON.parse(row.data) as unknown,
    metadata: meta,
    streamId: row.streamId,
    revision: row.revision,
    position: row.position,
    createdAt,
  };
}
