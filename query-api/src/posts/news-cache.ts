import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { prepareAnswer, type PreparedAnswer } from '@hamlog/infra/http/prepared-answer';
import { SharedAnswers } from '../http/shared-answer';

/** Authors' names and pictures come from other read models: an answer is reused at most this long. */
export const NEWS_REUSE_MS = 5_000;
/** Pages (page, size, news or videos) kept at most. */
const NEWS_PAGES_KEPT = 500;

/** An answer as sent: its JSON's bytes, compressed and hashed once, not per request. */
const serialise = (value: unknown): PreparedAnswer => prepareAnswer(200, JSON.stringify(value));

/**
 * The serialised news and videos pages, reused while the posts read model has not moved (and for
 * at most NEWS_REUSE_MS): every reader gets what a fresh read would give, since the read runs
 * after read-your-writes has waited for the reader's own write, and any new post moves the
 * position (which drops every page kept). Concurrent misses of one page share one read.
 */
export class NewsCache {
  private readonly pages = new SharedAnswers<PreparedAnswer>(NEWS_REUSE_MS, NEWS_PAGES_KEPT);
  /** The posts read model's position the kept pages were read at. */
  private position: number | null = null;

  constructor(
    private readonly progress: ProjectionProgress | undefined,
    private readonly projection: string,
  ) {}

  answer(key: string, read: () => Promise<unknown>): Promise<PreparedAnswer> {
    if (!this.progress) return read().then(serialise);
    const position = this.progress.position(this.projection);
    if (position !== this.position) {
      this.pages.clear();
      this.position = position;
    }
    return this.pages.get(key, () => read().then(serialise));
  }
}
