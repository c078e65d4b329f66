/**
 * How far the stream has got: where the forwarder has read the log up to (and the last QSO event
 * it published), and how far the QSO facts consumer has durably applied, as checkpoints in the one
 * checkpoint table (infra/src/checkpoints). The stream processes write these; the daily awards job
 * and GET /vstats read them to know whether the QSO facts have caught up.
 */
import type { Pool } from '../postgres/pool';

/** The forwarder: every log event up to here has been read (and its station events published). */
export const FORWARDER_POSITION = 'forwarder:station-events';
/** The forwarder: the last station event (a QSO event) it published. */
export const FORWARDER_PUBLISHED_POSITION = 'forwarder:station-events:published';
/**
 * The QSO facts consumer (v2: the facts gained call, frequency, contest, DXCC and upload time; v3:
 * the contest facts with each QSO's exchange). A new name replays the log into them: the one-process
 * default's forwarder starts again from the slowest consumer; with Kafka the new group reads the
 * topic from its beginning, and `npm run rebuild:aggregates` refills what the topic no longer holds.
 */
export const QSO_FACTS_POSITION = 'consumer:qso-facts-v3';
/** There while `npm run rebuild:aggregates` replays the log into emptied facts (up to its position); an interrupted rebuild leaves it. */
export const QSO_FACTS_REBUILD = 'rebuild:qso-facts';
/** Every checkpoint of the stream: forgetting them all makes it forward and count the whole log again. */
export const STREAM_CHECKPOINTS: readonly string[] = [FORWARDER_POSITION, FORWARDER_PUBLISHED_POSITION, QSO_FACTS_POSITION, QSO_FACTS_REBUILD];

/** The facts are being rebuilt up to log position `head`: they answer nothing reliable until rebuildEnded. */
export async function rebuildStarted(pool: Pool, head: number): Promise<void> {
  await pool.query(
    `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [QSO_FACTS_REBUILD, head],
  );
}

export async function rebuildEnded(pool: Pool): Promise<void> {
  await pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [QSO_FACTS_REBUILD]);
}

export interface QsoFactsProgress {
  /** How far the forwarder has read the log. */
  forwarded: number;
  /** The last station event it published. */
  published: number;
  /** The last station event the QSO facts consumer applied. */
  applied: number;
  /** A rebuild of the facts is running (or was interrupted). */
  rebuilding: boolean;
}

/** Where the QSO facts stand (0 for a position never written, or before the checkpoint table exists). */
export async function qsoFactsProgress(pool: Pool): Promise<QsoFactsProgress> {
  const exists = await pool.query<{ t: string | null }>("SELECT to_regclass('projection_checkpoints') AS t");
  if (!exists.rows[0]?.t) return { forwarded: 0, published: 0, applied: 0, rebuilding: false };
  const { rows } = await pool.query<{ name: string; position: number }>('SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[])', [
    STREAM_CHECKPOINTS,
  ]);
  const of = (name: string) => rows.find((r) => r.name === name)?.position ?? 0;
  return {
    forwarded: of(FORWARDER_POSITION),
    published: of(FORWARDER_PUBLISHED_POSITION),
    applied: of(QSO_FACTS_POSITION),
    rebuilding: rows.some((r) => r.name === QSO_FACTS_REBUILD),
  };
}

/**
 * Whether the QSO facts hold every QSO event up to log position `head`: no rebuild is running,
 * the forwarder has read past it, and the consumer has applied the last station event the
 * forwarder had published.
 * With one partition (the in-process stream) that is exact; with Kafka's several partitions the
 * consumer's position is the highest it applied on any of them, so a partition a batch behind
 * can still pass.
 */
export function qsoFactsReached(progress: QsoFactsProgress, head: number): boolean {
  return !progress.rebuilding && progress.forwarded >= head && progress.applied >= progress.published;
}

/**
 * Waits (polling every `pollMs`, at most `timeoutMs`; `signal` ends it early) until the QSO facts
 * hold every QSO event up to `position` (qsoFactsReached). Answers whether they do, with where they
 * stood at the last look.
 */
export async function waitForQsoFacts(
  pool: Pool,
  position: number,
  options: { timeoutMs: number; pollMs?: number; signal?: AbortSignal },
): Promise<{ reached: boolean; progress: QsoFactsProgress }> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const progress = await qsoFactsProgress(pool);
    if (qsoFactsReached(progress, position)) return { reached: true, progress };
    if (Date.now() >= deadline || options.signal?.aborted) return { reached: false, progress };
    await pause(options.pollMs ?? 50, options.signal);
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
