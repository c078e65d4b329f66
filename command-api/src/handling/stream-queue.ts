/** The last writer queued on each stream; it is removed when its turn ends with nobody behind it. */
const tails = new Map<string, Promise<void>>();

/** Queues on the stream: answers the function that ends this turn, and the turn before it (none when the stream was free). */
function queueOn(streamId: string): { end: () => void; previous: Promise<void> | undefined } {
  const previous = tails.get(streamId);
  let release!: () => void;
  const tail = new Promise<void>((resolve) => (release = resolve));
  tails.set(streamId, tail);
  return {
    previous,
    end: () => {
      if (tails.get(streamId) === tail) tails.delete(streamId);
      release();
    },
  };
}

/**
 * Runs `write` (read, decide, append) when no other write of this process to any of the streams
 * is running: writers to one stream take turns instead of colliding, so 25 edits of one QSO at once
 * all succeed rather than exhaust their retries. Writers in other processes still collide, which
 * retryOnConflict covers. Turns are taken in sorted order so two multi-stream writes never wait
 * on each other. Must not be nested on the same stream (it would wait on itself). `waited`: another
 * writer went first, so whatever the caller read before its turn may be out of date.
 */
export async function inTurnOn<T>(streamIds: readonly string[], write: (turn: { waited: boolean }) => Promise<T>): Promise<T> {
  const ends: (() => void)[] = [];
  let waited = false;
  try {
    // One stream (every QSO write) needs no sorting; a free stream is taken without awaiting.
    for (const id of streamIds.length === 1 ? streamIds : [...new Set(streamIds)].sort()) {
      const { end, previous } = queueOn(id);
      ends.push(end);
      if (previous) {
        waited = true;
        await previous;
      }
    }
    return await write({ waited });
  } finally {
    for (const end of ends.reverse()) end();
  }
}
