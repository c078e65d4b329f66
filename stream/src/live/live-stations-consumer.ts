import {
  feedUserCard, isRigOnAir, isRigReportFresh, LIVE_RIG_CHANNEL, liveRigOf, RIG_STALE_MS,
  type PublicRigDataMessage, type RigReportedData,
} from '@hamlog/domain';
import { LIVE_STATIONS_MIGRATIONS_OWNER, liveStationsMigrations } from '@hamlog/infra/read-models/live-stations/schema';
import { feedCardSources } from '@hamlog/infra/read-models/live-stations/queries';
import { takeStaleOnAirStations, upsertLiveStations, type LiveStationRow } from '@hamlog/infra/read-models/live-stations/writes';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import type { ConsumedMessage, ConsumerHandle, MessageStream } from '@hamlog/infra/ports/message-stream';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { writePosition } from '../positions';
import { stationEventsTopic, streamNamespace, type StationEventMessage } from '../station-events';

export const LIVE_STATIONS_CONSUMER = 'consumer:live-stations';
/** How often stations gone quiet are announced off air. */
export const LIVE_SWEEP_MS = 10_000;
/**
 * A station whose user row the users read model has not written yet (a new user's first report
 * can overtake it) is asked for again this often, until its card can be built, for at most
 * USER_ROW_WAIT_MS (after that the 30 s heartbeat report sends it).
 */
export const USER_ROW_RETRY_MS = 100;
export const USER_ROW_WAIT_MS = 30_000;

export interface LiveStationsOptions {
  logger?: Logger;
  now?: () => Date;
  /** USER_ROW_RETRY_MS unless told (tests). */
  userRowRetryMs?: number;
}

export interface LiveStations {
  /** One batch of station events: each station's last rig report kept, and its card published when it changed. */
  handle(batch: ConsumedMessage[]): Promise<void>;
  /** Publishes an off-air card, once, for each on-air station whose last report went stale. */
  sweep(): Promise<void>;
  /** Stops asking for the user rows still missing. */
  stop(): Promise<void>;
}

/**
 * The live station state: the last rig report per station in live_stations, and each change
 * pushed as a public-rig-data message on LIVE_RIG_CHANNEL. Rows are guarded by event position,
 * so a redelivered batch changes no row and publishes nothing.
 */
export function liveStations(pool: Pool, fanOut: FanOut, options: LiveStationsOptions = {}): LiveStations {
  const clock = options.now ?? (() => new Date());
  /** Stations changed before their user row existed, with the time to give up on them. */
  const awaitingRow = new Map<string, number>();
  let retryTimer: NodeJS.Timeout | null = null;
  let retrying: Promise<void> | null = null;
  let stopped = false;

  /** Publishes the cards of `userIds` that can be built; answers the ids without a user row yet. */
  async function publishCards(userIds: readonly string[], now: Date): Promise<string[]> {
    if (userIds.length === 0) return [];
    const sources = await feedCardSources(pool, userIds);
    const published = sources.map((source) => {
      const message: PublicRigDataMessage = { environment: 'prod', type: 'public-rig-data', user: feedUserCard(source, now) };
      return fanOut.publish(LIVE_RIG_CHANNEL, JSON.stringify(message));
    });
    // Pushes are a courtesy (the feed is also read every few seconds): a fan-out failure must not stop the state.
    const failed = (await Promise.allSettled(published)).filter((r) => r.status === 'rejected');
    if (failed.length > 0) options.logger?.warn({ err: (failed[0] as PromiseRejectedResult).reason, failed: failed.length }, 'live rig cards not published');
    const found = new Set(sources.map((source) => source.user.id));
    return userIds.filter((id) => !found.has(id));
  }

  /** The cards of stations whose user row has appeared since, built from their current live row. */
  async function retryAwaitingRows(): Promise<void> {
    const now = clock();
    for (const [id, giveUpAt] of awaitingRow) if (giveUpAt <= now.getTime()) awaitingRow.delete(id);
    const still = new Set(await publishCards([...awaitingRow.keys()], now));
    for (const id of [...awaitingRow.keys()]) if (!still.has(id)) awaitingRow.delete(id);
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer || awaitingRow.size === 0) return;
    retryTimer = setTimeout(() => {
      retrying = retryAwaitingRows()
        .catch((error: unknown) => options.logger?.warn({ err: error }, 'live rig cards of new users not published; trying again'))
        .finally(() => {
          retryTimer = null;
          retrying = null;
          scheduleRetry();
        });
    }, options.userRowRetryMs ?? USER_ROW_RETRY_MS);
    retryTimer.unref();
  }

  return {
    async handle(batch) {
      const latest = new Map<string, LiveStationRow>();
      let highest = 0;
      for (const consumed of batch) {
        const { type, position } = consumed.headers ?? {};
        if (type && type !== 'RigReported' && position) {
          highest = Math.max(highest, Number(position));
          continue;
        }
        const message = JSON.parse(consumed.value) as StationEventMessage;
        highest = Math.max(highest, message.position);
        if (message.type !== 'RigReported') continue;
        const known = latest.get(message.stationUserId);
        if (known && known.position > message.position) continue;
        const rig = liveRigOf(message.data as RigReportedData);
        latest.set(message.stationUserId, { userId: message.stationUserId, rig, onAir: isRigOnAir(rig), position: message.position });
      }
      const now = clock();
      const changed = await upsertLiveStations(pool, [...latest.values()], new Date(now.getTime() - RIG_STALE_MS));
      // A report already stale (a replay) shows nothing new: its station is off air either way.
      const missing = await publishCards(changed.filter((id) => isRigReportFresh(latest.get(id)!.rig.at, now)), now);
      if (missing.length > 0) {
        for (const id of missing) awaitingRow.set(id, now.getTime() + USER_ROW_WAIT_MS);
        options.logger?.debug({ users: missing.length }, 'live rig cards wait for their user rows');
        scheduleRetry();
      }
      if (highest > 0) await writePosition(pool, LIVE_STATIONS_CONSUMER, highest);
      options.logger?.debug({ reports: latest.size, changed: changed.length }, 'live stations updated');
    },

    async sweep() {
      const now = clock();
      await publishCards(await takeStaleOnAirStations(pool, new Date(now.getTime() - RIG_STALE_MS)), now);
    },

    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      awaitingRow.clear();
      await retrying;
    },
  };
}

/** Subscribes the live state to the station events (its own group) and sweeps every LIVE_SWEEP_MS. */
export async function startLiveStationsConsumer(
  stream: MessageStream,
  pool: Pool,
  fanOut: FanOut,
  options: LiveStationsOptions & { sweepMs?: number } = {},
): Promise<ConsumerHandle> {
  await runMigrations(pool, LIVE_STATIONS_MIGRATIONS_OWNER, liveStationsMigrations);
  const live = liveStations(pool, fanOut, options);
  const consumer = await stream.subscribe({
    groupId: `${streamNamespace()}.live-stations`,
    topic: stationEventsTopic(),
    fromBeginning: true,
    handle: (batch) => live.handle(batch),
  });
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    sweeping ??= live.sweep()
      .catch((error: unknown) => options.logger?.error({ err: error }, 'live stations sweep failed; trying again'))
      .finally(() => { sweeping = null; });
  }, options.sweepMs ?? LIVE_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
      await consumer.stop();
      await live.stop();
    },
  };
}
