import { feedUserCard, LIVE_CARDS_CHANNEL, RIG_STALE_MS, type LiveCardsMessage } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { feedCardSources } from '@hamlog/infra/read-models/live-stations/queries';
import { takeStaleOnAirStations } from '@hamlog/infra/read-models/live-stations/writes';

/** How often stations gone quiet are announced off air. */
export const LIVE_SWEEP_MS = 10_000;
/**
 * A station whose card cannot be built yet (the users read model has not written a new user's
 * row: the first report can overtake it) is tried again this often, for at most USER_ROW_WAIT_MS
 * (after that the 30 s heartbeat report sends it).
 */
export const USER_ROW_RETRY_MS = 100;
export const USER_ROW_WAIT_MS = 30_000;

export interface LiveCardsOptions {
  logger?: Logger;
  now?: () => Date;
  /** USER_ROW_RETRY_MS unless told (tests). */
  userRowRetryMs?: number;
  /** LIVE_SWEEP_MS unless told. */
  sweepMs?: number;
}

/**
 * Sends the cards of live stations that changed on LIVE_CARDS_CHANNEL, which every websocket
 * gateway listens to: ONE LiveCardsMessage per publish, with every station announced since the
 * last one, each card built from the station's row as it is then (the latest state wins, so
 * what arrives while a publish is under way simply goes in the next). Beside it, the sweep
 * announces each on-air station whose last report went stale, once (takeStaleOnAirStations:
 * safe with several projector services).
 */
export class LiveCards {
  private readonly pending = new Set<string>();
  /** Stations whose card could not be built yet, with the time to give up on them. */
  private readonly awaitingRow = new Map<string, number>();
  /** The publishes, one after another: each announce adds a turn, which finds nothing to do when an earlier one took its stations. */
  private publishing: Promise<void> = Promise.resolve();
  private sweeping: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: Pool,
    private readonly fanOut: FanOut,
    private readonly options: LiveCardsOptions = {},
  ) {}

  /** Sweeps every LIVE_SWEEP_MS until stop(). */
  start(): void {
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => this.options.logger?.error({ err: error }, 'live stations sweep failed; trying again'))
        .finally(() => {
          this.sweeping = null;
        });
    }, this.options.sweepMs ?? LIVE_SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Sends these stations' cards with the next message; resolves once it has gone. */
  announce(userIds: readonly string[]): Promise<void> {
    for (const id of userIds) this.pending.add(id);
    this.publishing = this.publishing.then(() => this.publishPending());
    return this.publishing;
  }

  /** Announces, once, each on-air station whose last report went stale: its off-air card. */
  async sweep(): Promise<void> {
    await this.announce(await takeStaleOnAirStations(this.pool, new Date(this.now().getTime() - RIG_STALE_MS)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.sweeping;
    await this.publishing;
    this.awaitingRow.clear();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Publishes every station announced so far in one message (never fails: what it cannot build waits for a retry). */
  private async publishPending(): Promise<void> {
    if (this.pending.size === 0 || this.stopped) return;
    const userIds = [...this.pending];
    this.pending.clear();
    const now = this.now();
    let notBuilt: string[];
    try {
      notBuilt = await this.publish(userIds, now);
    } catch (error) {
      this.options.logger?.warn({ err: error, cards: userIds.length }, 'live cards not built; trying again');
      notBuilt = userIds;
    }
    for (const id of userIds) if (!notBuilt.includes(id)) this.awaitingRow.delete(id);
    for (const id of notBuilt) if (!this.awaitingRow.has(id)) this.awaitingRow.set(id, now.getTime() + USER_ROW_WAIT_MS);
    if (notBuilt.length > 0) this.options.logger?.debug({ users: notBuilt.length }, 'live cards wait for their user rows');
    this.scheduleRetry();
  }

  /** Publishes the cards of `userIds` that can be built, in one message; answers the ids without a user row yet. */
  private async publish(userIds: readonly string[], now: Date): Promise<string[]> {
    const sources = await feedCardSources(this.pool, userIds);
    if (sources.length > 0) {
      const message: LiveCardsMessage = { cards: sources.map((source) => feedUserCard(source, now)) };
      // Pushes are a courtesy (the feed is also read every few seconds): a fan-out failure is not retried.
      await this.fanOut.publish(LIVE_CARDS_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
        this.options.logger?.warn({ err: error, cards: message.cards.length }, 'live cards not published');
      });
    }
    const built = new Set(sources.map((source) => source.user.id));
    return userIds.filter((id) => !built.has(id));
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer || this.awaitingRow.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const now = this.now().getTime();
      for (const [id, giveUpAt] of this.awaitingRow) if (giveUpAt <= now) this.awaitingRow.delete(id);
      void this.announce([...this.awaitingRow.keys()]);
    }, this.options.userRowRetryMs ?? USER_ROW_RETRY_MS);
    this.retryTimer.unref();
  }
}
