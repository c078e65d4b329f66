import { randomUUID } from 'node:crypto';
import type { LimitStore, LimitWindow, SlotRequest, TakeAnswer } from '../ports/limit-store';

interface Taken {
  at: number;
  slot: string;
}

interface KeySlots {
  longestMs: number;
  taken: Taken[];
}

/** Keys kept before the ones with nothing left in their windows are dropped. */
const PRUNE_ABOVE_KEYS = 100_000;

/** Seconds until each full window frees a slot (0: there is room now): when its oldest counted slot leaves it. */
function secondsUntilRoom(taken: readonly Taken[], windows: readonly LimitWindow[], atMs: number): number {
  return Math.max(0, ...windows.map(({ max, windowMs }) => {
    const inWindow = taken.filter((t) => t.at > atMs - windowMs).map((t) => t.at).sort((a, b) => a - b);
    return inWindow.length < max ? 0 : Math.max(1, Math.ceil((inWindow[inWindow.length - max]! + windowMs - atMs) / 1000));
  }));
}

/** The limits of one process; the taking is one synchronous step, so concurrent requests cannot interleave in it. */
export class MemoryLimitStore implements LimitStore {
  private readonly keys = new Map<string, KeySlots>();

  async take(requests: readonly SlotRequest[], atMs: number): Promise<TakeAnswer> {
    const current = requests.map(({ key, windows }) => {
      const longestMs = Math.max(0, ...windows.map((w) => w.windowMs));
      return { longestMs, taken: (this.keys.get(key)?.taken ?? []).filter((t) => t.at > atMs - longestMs) };
    });
    let refused = -1;
    let retryAfterSeconds = 0;
    requests.forEach(({ windows }, i) => {
      const wait = secondsUntilRoom(current[i]!.taken, windows, atMs);
      if (wait === 0) return;
      if (refused < 0) refused = i;
      retryAfterSeconds = Math.max(retryAfterSeconds, wait);
    });
    if (refused >= 0) return { granted: false, refused, retryAfterSeconds };
    const slot = randomUUID();
    requests.forEach(({ key }, i) => {
      const entry = current[i]!;
      entry.taken.push({ at: atMs, slot });
      this.keys.set(key, entry);
    });
    if (this.keys.size > PRUNE_ABOVE_KEYS) this.prune(atMs);
    return { granted: true, slot };
  }

  async giveBack(keys: readonly string[], slot: string): Promise<void> {
    for (const key of keys) {
      const entry = this.keys.get(key);
      if (entry) entry.taken = entry.taken.filter((t) => t.slot !== slot);
    }
  }

  async clear(key: string): Promise<void> {
    this.keys.delete(key);
  }

  async close(): Promise<void> {
    this.keys.clear();
  }

  private prune(atMs: number): void {
    for (const [key, { longestMs, taken }] of this.keys) {
      if (!taken.some((t) => t.at > atMs - longestMs)) this.keys.delete(key);
    }
  }
}
