/** The last writer queued on each stream; it is removed when its turn ends with nobody behind it. */
const tails = new Map<string, Promise<void>>();

/** Waits for the stream's turn; answers the function that ends it, and whether another writer went first. */
async function turnOn(streamId: string): Promise<{ end: () => void; waited: boolean }> {
  const previous = tails.get(streamId);
  let end!: () => void;
  const tail = new Promise<void>((resolve) => (end = resolve));
  tails.set(streamId, tail);
  if (previous) await previous;
  return {
    waited: previous !== undefined,
    end: () => {
      if (tails.get(streamId) === tail) tails.delete(streamId);
      end();
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
    for (const id of [...new Set(streamIds)].sort()) {
      const turn = await turnOn(id);
      ends.push(turn.end);
      waited ||= turn.waited;
    }
    return await write({ waited });
  } finally {
    for (const end of ends.reverse()) end();
  }
}
