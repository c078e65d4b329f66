/**
 * The desktop app's releases feed (RELEASES_FEED_URL; format in domain/src/downloads), fetched
 * by the server so that links reach subscribers only and a feed that is down or slow never breaks
 * /download. The last good answer is kept in memory and in PostgreSQL (it survives a restart):
 *
 * - a copy younger than `freshMs` is answered as is (source 'feed');
 * - an older copy is answered at once (source 'cache') while one fetch in the background
 *   refreshes it; a failed fetch is not tried again for `retryMs`;
 * - with no copy at all (first start) the reader waits for one fetch, `timeoutMs` at most, then
 *   gets the built-in fallback (source 'fallback').
 *
 * The kept copy is not a file in FileStorage: those are served publicly at /media/{name}, and the
 * links are for subscribers.
 */
import type pg from 'pg';
import { FALLBACK_RELEASES, summariseReleasesFeed, type DownloadsAnswer, type ReleasesSummary } from '@hamlog/domain';
import type { Logger } from '../observability/logger';
import { runMigrations, type Migration } from '../postgres/migrations';

export const releasesFeedMigrations: Migration[] = [
  {
    id: '001_releases_feed_cache',
    sql: `CREATE TABLE releases_feed_cache (
      feed_url text PRIMARY KEY,
      summary jsonb NOT NULL,
      fetched_at timestamptz NOT NULL
    );`,
  },
];

/** A feed larger than this is not a releases list. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;

export interface ReleasesFeedOptions {
  /** RELEASES_FEED_URL; undefined: the built-in fallback only. */
  url: string | undefined;
  pool: pg.Pool;
  logger?: Logger;
  /** One fetch's limit (default 3 s). */
  timeoutMs?: number;
  /** How long an answer counts as current (default 10 min). */
  freshMs?: number;
  /** How long after a failed fetch the next one waits (default 1 min). */
  retryMs?: number;
  now?: () => Date;
}

export interface ReleasesFeedState {
  summary: ReleasesSummary;
  source: DownloadsAnswer['source'];
  /** ISO 8601; null for the fallback. */
  fetchedAt: string | null;
}

interface Kept {
  summary: ReleasesSummary;
  fetchedAt: Date;
}

export class ReleasesFeed {
  private kept: Kept | null = null;
  private loaded: Promise<void> | null = null;
  private inFlight: Promise<boolean> | null = null;
  private lastFailure = -Infinity;
  private readonly timeoutMs: number;
  private readonly freshMs: number;
  private readonly retryMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: ReleasesFeedOptions) {
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.freshMs = options.freshMs ?? 10 * 60_000;
    this.retryMs = options.retryMs ?? 60_000;
    this.now = options.now ?? (() => new Date());
  }

  /** The releases to offer now, never failing: the feed's answer, the kept one, or the fallback. */
  async current(): Promise<ReleasesFeedState> {
    if (!this.options.url) return { summary: FALLBACK_RELEASES, source: 'fallback', fetchedAt: null };
    await this.loadKept();
    const now = this.now().getTime();
    if (!this.kept) {
      if (now - this.lastFailure >= this.retryMs) await this.refresh();
    } else if (now - this.kept.fetchedAt.getTime() >= this.freshMs && now - this.lastFailure >= this.retryMs) {
      void this.refresh();
    }
    const kept = this.kept as Kept | null;
    if (!kept) return { summary: FALLBACK_RELEASES, source: 'fallback', fetchedAt: null };
    const fresh = this.now().getTime() - kept.fetchedAt.getTime() < this.freshMs;
    return { summary: kept.summary, source: fresh ? 'feed' : 'cache', fetchedAt: kept.fetchedAt.toISOString() };
  }

  /** Fetches the feed once (one fetch at a time); true when it answered a releases list, which is then kept. */
  refresh(): Promise<boolean> {
    this.inFlight ??= this.fetchAndKeep().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async fetchAndKeep(): Promise<boolean> {
    const url = this.options.url;
    if (!url) return false;
    try {
      const answer = await fetch(url, {
        headers: { accept: 'application/vnd.github+json, application/json', 'user-agent': 'hamlog-releases-feed' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!answer.ok) throw new Error(`the feed answered ${answer.status}`);
      const length = Number(answer.headers.get('content-length'));
      if (length > MAX_FEED_BYTES) throw new Error('the feed is too large');
      const body = await answer.text();
      if (body.length > MAX_FEED_BYTES) throw new Error('the feed is too large');
      const summary = summariseReleasesFeed(JSON.parse(body) as unknown);
      if (!summary) throw new Error('the feed is not a releases list');
      const kept = { summary, fetchedAt: this.now() };
      this.kept = kept;
      await this.persist(url, kept);
      return true;
    } catch (error) {
      this.lastFailure = this.now().getTime();
      this.options.logger?.warn({ err: error, url }, 'releases feed unreachable; answering the kept copy or the fallback');
      return false;
    }
  }

  private loadKept(): Promise<void> {
    this.loaded ??= (async () => {
      const url = this.options.url!;
      await runMigrations(this.options.pool, 'releases-feed', releasesFeedMigrations);
      const { rows } = await this.options.pool.query<{ summary: ReleasesSummary; fetched_at: Date }>(
        'SELECT summary, fetched_at FROM releases_feed_cache WHERE feed_url = $1',
        [url],
      );
      const row = rows[0];
      if (row && (!this.kept || this.kept.fetchedAt < row.fetched_at)) this.kept = { summary: row.summary, fetchedAt: row.fetched_at };
    })().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  /** Keeps the newest copy: another instance's later fetch is never overwritten by an older one. */
  private async persist(url: string, kept: Kept): Promise<void> {
    await this.options.pool.query(
      `INSERT INTO releases_feed_cache (feed_url, summary, fetched_at) VALUES ($1, $2, $3)
       ON CONFLICT (feed_url) DO UPDATE SET summary = EXCLUDED.summary, fetched_at = EXCLUDED.fetched_at
       WHERE releases_feed_cache.fetched_at < EXCLUDED.fetched_at`,
      [url, JSON.stringify(kept.summary), kept.fetchedAt],
    );
  }
}
