import { createHash } from 'node:crypto';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';

/** Authors' names and pictures come from other read models: an answer is reused at most this long. */
export const NEWS_REUSE_MS = 5_000;

interface Entry {
  /** The posts read model's position when the answer was read. */
  position: number;
  at: number;
  body: Promise<Serialised>;
}

/** An answer as sent: its JSON and that JSON's ETag (made once, not per request). */
export interface Serialised {
  json: string;
  etag: string;
}

function serialise(value: unknown): Serialised {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * The serialised news and videos pages, reused while the posts read model has not moved (and for
 * at most NEWS_REUSE_MS): every reader gets what a fresh read would give, since the read runs
 * after read-your-writes has waited for the reader's own write, and any new post moves the
 * position. Concurrent misses of one page share one read.
 */
export class NewsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly progress: ProjectionProgress | undefined,
    private readonly projection: string,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  answer(key: string, read: () => Promise<unknown>): Promise<Serialised> {
    if (!this.progress) return read().then(serialise);
    const position = this.progress.position(this.projection);
    const now = this.now();
    const known = this.entries.get(key);
    if (known && known.position === position && now - known.at < NEWS_REUSE_MS) return known.body;
    const body = read().then(serialise);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry = { position, at: now, body };
    this.entries.set(key, entry);
    body.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return body;
  }
}
