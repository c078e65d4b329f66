import {
  addAwardDays,
  awardDayEnd,
  awardDayOf,
  awardDayStart,
  awardDayStatus,
  awardsComputationWanted,
  awardsDecider,
  AwardsFinalError,
  awardsStreamName,
  AWARDS_CATCH_UP_DAYS,
  dueAwardComputations,
  type AwardDayStatus,
  type DueComputation,
} from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AwardFacts } from '@hamlog/infra/ports/award-facts';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { awardStations } from '@hamlog/infra/read-models/awards/queries';
import { qsoFactsProgress, qsoFactsReached, waitForQsoFacts, type QsoFactsProgress } from '@hamlog/infra/stream/stream-positions';
import { handleCommand, aggregateStream } from '../handling/handle-command';

/** The read model holding the account history the award rules read (projectors/src/awards). */
export const AWARDS_PROJECTION = 'awards';
const PROJECTION_WAIT_MS = 30_000;
/** How long a computation waits for the QSO facts to catch up before it is left for a later try. */
export const FACTS_WAIT_MS = 30_000;
const FACTS_POLL_MS = 200;

export interface DailyAwardsDeps {
  store: EventStore;
  /** The awards read model (account history), and the stream's positions. */
  pool: Pool;
  facts: AwardFacts;
  /** How far the read models are: a computation waits until the account history has reached the log's head. */
  progress?: ProjectionProgress;
  logger?: Logger;
  /** FACTS_WAIT_MS unless told (tests). */
  factsWaitMs?: number;
}

/** The QSO facts had not caught up with the log after FACTS_WAIT_MS: the computation is left for a later try. */
export class FactsBehindError extends Error {
  constructor(readonly due: DueComputation, readonly head: number, readonly facts: QsoFactsProgress) {
    super(
      `the ${due.phase} awards of ${due.day} wait for the QSO facts to reach log position ${head} (the head when the job started): ` +
        (facts.rebuilding
          ? 'a rebuild of the facts is running, or was interrupted (run npm run rebuild:aggregates again)'
          : `the forwarder has read ${facts.forwarded}, published ${facts.published}, the facts consumer applied ${facts.applied}`),
    );
    this.name = 'FactsBehindError';
  }
}

/**
 * Waits (bounded; `signal` ends it early: the job is stopping) until the stream's QSO facts hold
 * every QSO event up to `head`: awards computed from facts that are behind would miss QSOs.
 */
async function waitForFacts(deps: DailyAwardsDeps, due: DueComputation, head: number, signal?: AbortSignal): Promise<void> {
  const facts = await qsoFactsProgress(deps.pool);
  if (qsoFactsReached(facts, head)) return;
  deps.logger?.info({ ...due, head, ...facts }, `the ${due.phase} awards of ${due.day} wait for the QSO facts to reach log position ${head}`);
  const waited = await waitForQsoFacts(deps.pool, head, { timeoutMs: deps.factsWaitMs ?? FACTS_WAIT_MS, pollMs: FACTS_POLL_MS, signal });
  if (waited.reached) return;
  throw new FactsBehindError(due, head, waited.progress);
}

/**
 * Computes one day's awards and records them (DailyAwardsComputed), unless that computation is
 * recorded already: safe to run again. Answers whether it recorded anything. Throws
 * FactsBehindError when the QSO facts have not reached the log's head in time.
 */
export async function computeDailyAwards(deps: DailyAwardsDeps, due: DueComputation, at: Date, signal?: AbortSignal): Promise<boolean> {
  const streamId = awardsStreamName(due.day);
  const loaded = await aggregateStream(deps.store, streamId, awardsDecider);
  if (!awardsComputationWanted(loaded.state, due.phase)) return false;
  const head = await deps.store.headPosition();
  await waitForFacts(deps, due, head, signal);
  const qsos = await deps.facts.qsosBetween(awardDayStart(due.day), awardDayEnd(due.day));
  if (qsos.length > 0 && deps.progress) {
    if (!(await deps.progress.waitFor([AWARDS_PROJECTION], head, PROJECTION_WAIT_MS))) {
      throw new Error(`the ${AWARDS_PROJECTION} read model has not reached log position ${head}; the awards of ${due.day} wait for it`);
    }
  }
  const stations = await awardStations(deps.pool, qsos.map((q) => q.stationUserId));
  try {
    const handled = await handleCommand(
      deps.store,
      streamId,
      awardsDecider,
      { type: 'ComputeDailyAwards', data: { day: due.day, phase: due.phase, at: at.toISOString(), qsos, stations } },
      { causedBy: 'daily-awards', correlationId: `awards-${due.day}-${due.phase}` },
      { loaded },
    );
    return handled.appended !== null;
  } catch (error) {
    // Another run recorded the final computation in between: nothing left to do.
    if (error instanceof AwardsFinalError) return false;
    throw error;
  }
}

/** The computations due at `now` that the log does not hold yet, oldest first. */
export async function dueDailyAwards(store: EventStore, now: Date): Promise<DueComputation[]> {
  const today = awardDayOf(now);
  const days = Array.from({ length: AWARDS_CATCH_UP_DAYS }, (_, i) => addAwardDays(today, -(i + 1)));
  const statuses = new Map<string, AwardDayStatus>();
  await Promise.all(
    days.map(async (day) => statuses.set(day, awardDayStatus((await aggregateStream(store, awardsStreamName(day), awardsDecider)).state))),
  );
  return dueAwardComputations(now, (day) => statuses.get(day) ?? 'none');
}
