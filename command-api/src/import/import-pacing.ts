import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import type { WriteActivity } from '../http/write-activity';

/** Clients' writes per second at which an import yields fully (rests REST_PER_WORK times as long as it works). */
export const BUSY_WRITES_PER_S = 50;
/** At full yield: the import keeps about a third of the machine. */
export const REST_PER_WORK = 2;
/** The read model an import's chunk must be applied to before the import rests. */
const PACED_PROJECTIONS = ['logbook'];
const CATCH_UP_WAIT_MS = 30_000;
/** The longest rest after one chunk. */
const MAX_REST_MS = 2_000;

export interface ImportPacingDeps {
  activity?: WriteActivity;
  progress?: Pick<ProjectionProgress, 'waitFor'>;
  sleep?: (ms: number) => Promise<void>;
  clock?: () => number;
}

/**
 * An import's pace beside other users (decision 0034). Alone, it runs flat out. While clients'
 * writes come in, after each chunk it waits until the logbook has applied that chunk (so its work
 * is done, not queued in the projectors ahead of theirs) and then rests in proportion to the
 * chunk's time and to how busy they are: up to twice as long as the chunk took at 50 writes/s
 * and more. Their requests are served at once during the rests; a chunk's work delays those that
 * arrive meanwhile (about 0.3 s on 2 cores).
 */
export function importPacer(deps: ImportPacingDeps): (position: number) => Promise<void> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const clock = deps.clock ?? (() => performance.now());
  let workStartedAt = clock();
  return async (position) => {
    const writes = deps.activity?.writesPerSecond() ?? 0;
    if (writes > 0) {
      await deps.progress?.waitFor(PACED_PROJECTIONS, position, CATCH_UP_WAIT_MS);
      const share = Math.min(1, writes / BUSY_WRITES_PER_S);
      await sleep(Math.min((clock() - workStartedAt) * REST_PER_WORK * share, MAX_REST_MS));
    }
    workStartedAt = clock();
  };
}
