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
import type { AwardFacts } from '@hamlog/infra/ports/award-facts';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { awardStations } from '@hamlog/infra/read-models/awards/queries';
import { handleCommand, loadStream } from '../handling/handle-command';

/** The read model holding the account history the award rules read (projectors/src/awards). */
export const AWARDS_PROJECTION = 'awards';
const PROJECTION_WAIT_MS = 30_000;

export interface DailyAwardsDeps {
  store: EventStore;
  /** The awards read model (account history). */
  pool: Pool;
  facts: AwardFacts;
  /** How far the read models are: a computation waits until the account history has reached the log's head. */
  progress?: ProjectionProgress;
}

/**
 * Computes one day's awards and records them (DailyAwardsComputed), unless that computation is
 * recorded already: safe to run again. Answers whether it recorded anything.
 */
export async function computeDailyAwards(deps: DailyAwardsDeps, due: DueComputation, at: Date): Promise<boolean> {
  const streamId = awardsStreamName(due.day);
  const loaded = await loadStream(deps.store, streamId, awardsDecider);
  if (!awardsComputationWanted(loaded.state, due.phase)) return false;
  const qsos = await deps.facts.qsosBetween(awardDayStart(due.day), awardDayEnd(due.day));
  if (qsos.length > 0 && deps.progress) {
    const head = await deps.store.headPosition();
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
    days.map(async (day) => statuses.set(day, awardDayStatus((await loadStream(store, awardsStreamName(day), awardsDecider)).state))),
  );
  return dueAwardComputations(now, (day) => statuses.get(day) ?? 'none');
}
