import {
  currentQsos,
  leaderboardQuery,
  leaderboardRowsOf,
  leaderboardsAnswer,
  type LeaderboardsAnswer,
} from '@hamlog/domain';
import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { migrateCheckpoints } from '@hamlog/infra/checkpoints/schema';
import { rebuildEnded, rebuildStarted } from '@hamlog/infra/stream/stream-positions';
import { toQsoFact } from './qso-facts-consumer';
import { isStationEvent, toStationMessage } from './station-events';

/**
 * Every QSO event of the log as facts, in log order, read straight from the event store (the
 * same mapping as the stream consumer's), one array per read of `batchSize` events.
 */
export async function* qsoFactsOfLog(store: EventStore, options: { batchSize?: number; upTo?: number } = {}): AsyncGenerator<QsoFact[]> {
  const batchSize = options.batchSize ?? 5_000;
  let after: number | null = null;
  for (;;) {
    const events = await store.readAll(after, batchSize);
    const inRange = options.upTo === undefined ? events : events.filter((e) => e.position <= options.upTo!);
    const facts = inRange.filter(isStationEvent).map((e) => toQsoFact(toStationMessage(e))).filter((f): f is QsoFact => f !== null);
    if (facts.length > 0) yield facts;
    const last = events[events.length - 1];
    if (!last || inRange.length < events.length || (options.upTo !== undefined && last.position >= options.upTo)) return;
    after = last.position;
  }
}

export interface RebuildProgress {
  /** Log position read up to. */
  position: number;
  head: number;
  facts: number;
}

/**
 * Drops the aggregates and records every QSO event of the log again (after a change of their
 * tables, or to repair them). Best with the stream service stopped: facts are versioned, so a
 * consumer recording beside it double-counts nothing, but a station both recount at the same
 * moment may show a stale day until its next QSO; the consumer resumes from its own offsets.
 */
export async function rebuildAggregates(
  store: EventStore,
  aggregates: AggregatesStore,
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void; pool?: Pool } = {},
): Promise<RebuildProgress> {
  const head = await store.headPosition();
  // The daily awards wait while the facts are incomplete (stream-positions.ts: qsoFactsReached).
  if (options.pool) {
    await migrateCheckpoints(options.pool);
    await rebuildStarted(options.pool, head);
  }
  await aggregates.reset();
  const progress: RebuildProgress = { position: 0, head, facts: 0 };
  for await (const facts of qsoFactsOfLog(store, { batchSize: options.batchSize ?? 20_000, upTo: head })) {
    await aggregates.recordQsoFacts(facts);
    progress.facts += facts.length;
    progress.position = Math.max(...facts.map((f) => f.version));
    options.onProgress?.(progress);
  }
  progress.position = head;
  if (options.pool) await rebuildEnded(options.pool);
  return progress;
}

/**
 * GET /api/vleaderboards computed by a query over the event log alone: every QSO event folded by
 * the domain's rules, no aggregates involved. The stores must answer the same.
 */
export async function leaderboardsOfLog(store: EventStore, at: Date, excludedUserIds: readonly string[]): Promise<LeaderboardsAnswer> {
  const versions: QsoFact[] = [];
  for await (const facts of qsoFactsOfLog(store)) versions.push(...facts);
  return leaderboardsAnswer(leaderboardRowsOf(currentQsos(versions), leaderboardQuery(at, excludedUserIds)), at);
}
