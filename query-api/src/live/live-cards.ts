import { feedUserCard, RIG_STALE_MS, type FeedUserCard } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import { onAirStationSources } from '@hamlog/infra/read-models/live-stations/queries';
import type { Pool } from '@hamlog/infra/postgres/pool';

/** The most stations a gateway starts from: every station on the air at a busy weekend. */
const SEED_LIMIT = 20_000;

/** The cards of the stations on the air now: where a gateway that starts stands. */
export function onAirCards(pool: Pool, now: () => Date = () => new Date()): () => Promise<FeedUserCard[]> {
  return async () => {
    const at = now();
    const sources = await onAirStationSources(pool, new Date(at.getTime() - RIG_STALE_MS), SEED_LIMIT);
    return sources.map((source) => feedUserCard(source, at));
  };
}

const SEED_RETRY_MS = 2_000;

/**
 * Gives `seed` the stations on the air, in the background: a service that starts before the read
 * models exist (their projectors come up later) tries again until it can. Stops trying once `stopped()`.
 */
export function seedInBackground(load: () => Promise<FeedUserCard[]>, seed: (cards: FeedUserCard[]) => void, logger: Logger, stopped: () => boolean): void {
  const attempt = (): void => {
    if (stopped()) return;
    load().then(seed, (error: unknown) => {
      logger.warn({ err: error }, 'stations on the air not read yet; trying again');
      setTimeout(attempt, SEED_RETRY_MS).unref();
    });
  };
  attempt();
}
