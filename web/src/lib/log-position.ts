/**
 * Read-your-writes bookkeeping. Every command answer names the log position its events
 * reached; the client remembers the highest one it has seen and sends it with each later
 * request, so the server can wait until its read models have caught up.
 *
 * Positions are non-negative integers sent as decimal strings; they may exceed 2^53, so
 * they are compared as BigInt.
 */
export interface PositionStore {
  get(): string | null;
  set(value: string): void;
}

const POSITION = /^\d+$/;

export function isPosition(value: string | null | undefined): value is string {
  return typeof value === 'string' && POSITION.test(value.trim());
}

/** The higher of two positions (either may be missing). */
export function maxPosition(a: string | null, b: string | null): string | null {
  const va = isPosition(a) ? BigInt(a.trim()) : null;
  const vb = isPosition(b) ? BigInt(b.trim()) : null;
  if (va === null) return vb === null ? null : vb.toString();
  if (vb === null) return va.toString();
  return (va >= vb ? va : vb).toString();
}

export class LogPositionTracker {
  private highest: string | null;

  constructor(private readonly persist?: PositionStore) {
    const saved = persist?.get() ?? null;
    this.highest = isPosition(saved) ? BigInt(saved.trim()).toString() : null;
  }

  /** The position to send as x-min-position, or null before any write was seen. */
  current(): string | null {
    return this.highest;
  }

  /** Note a position from an answer header; ignores missing, malformed and older values. */
  observe(value: string | null | undefined): void {
    if (!isPosition(value)) return;
    const next = maxPosition(this.highest, value);
    if (next !== this.highest) {
      this.highest = next;
      if (next !== null) this.persist?.set(next);
    }
  }
}
