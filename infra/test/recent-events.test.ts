import { describe, expect, it } from 'vitest';
import type { EventRow } from '../src/event-store/append-planner';
import { RecentEvents } from '../src/event-store/recent-events';

const row = (position: number, data: unknown = { position }): EventRow => ({
  position,
  streamId: `s-${position}`,
  revision: 0,
  eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  type: 'Tested',
  version: 1,
  data: JSON.stringify(data),
  metadata: '{"userId":"u-1"}',
});
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));
const at = new Date('2026-11-23T10:00:00Z');

describe('RecentEvents', () => {
  it('answers a read whose next position it holds, as far as the positions run on without a gap', () => {
    const recent = new RecentEvents(1 << 20);
    recent.add(rows(11, 20), at);
    recent.add(rows(31, 35), at);
    expect(recent.read(10, 100)!.map((e) => e.position)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(recent.read(14, 3)!.map((e) => e.position)).toEqual([15, 16, 17]);
    // 21 to 30 came from another process: the database answers.
    expect(recent.read(20, 100)).toBeNull();
    expect(recent.read(30, 100)!.map((e) => e.position)).toEqual([31, 32, 33, 34, 35]);
    expect(recent.read(35, 100)).toBeNull();
    expect(recent.read(5, 100)).toBeNull();
    const [first] = recent.read(10, 1)!;
    expect(first).toEqual({ id: row(11).eventId, type: 'Tested', version: 1, data: { position: 11 }, metadata: { userId: 'u-1' }, streamId: 's-11', revision: 0, position: 11, createdAt: at });
    // Parsed once, then shared by every reader.
    expect(recent.read(10, 1)![0]).toBe(first);
  });

  it('drops the oldest events beyond its size, and starts over rather than hold positions out of order', () => {
    const recent = new RecentEvents(3_000);
    // About 430 bytes an entry: the last six fit.
    recent.add(rows(1, 10), at);
    expect(recent.read(3, 100)).toBeNull();
    expect(recent.read(4, 100)?.map((e) => e.position)).toEqual([5, 6, 7, 8, 9, 10]);
    recent.add(rows(5, 6), at);
    expect(recent.read(9, 100)).toBeNull();
    expect(recent.read(4, 100)!.map((e) => e.position)).toEqual([5, 6]);
    expect(new RecentEvents(0).read(0, 1)).toBeNull();
  });
});
