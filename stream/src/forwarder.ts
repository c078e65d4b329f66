import type { Logger } from '@hamlog/infra/observability/logger';
import type { EventStore, Subscription } from '@hamlog/infra/ports/event-store';
import type { MessageStream } from '@hamlog/infra/ports/message-stream';
import { advanceCheckpoints, storedCheckpoint } from '@hamlog/infra/checkpoints/highest-applied';
import { migrateCheckpoints } from '@hamlog/infra/checkpoints/schema';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { FORWARDER_POSITION, FORWARDER_PUBLISHED_POSITION } from '@hamlog/infra/stream/stream-positions';
import { STATION_EVENTS_PARTITIONS, stationEventsTopic, isStationEvent, toStationMessage } from './station-events';

/**
 * Publishes the QSO events of the log to the station-events topic, at least once: the position
 * moves only after the broker has the messages. An in-process stream keeps nothing across a
 * restart, so then the forwarder starts again from the slowest consumer's durable position.
 */
export class EventForwarder {
  private subscription: Subscription | null = null;
  readonly name = 'forwarder';
  private current = 0;
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    private readonly stream: MessageStream,
    private readonly pool: Pool,
    private readonly options: {
      durableStream: boolean;
      consumers: string[];
      logger?: Logger;
      /**
       * Resolves once the logbook read model has reached a log position (bounded): given in the
       * one-process default, where the forwarder and what it feeds share the cores with the logbook.
       */
      logbookAt?: (position: number) => Promise<unknown>;
    },
  ) {}

  get position(): number {
    return this.current;
  }

  async start(): Promise<void> {
    await migrateCheckpoints(this.pool);
    // One partition in memory keeps "highest position applied" a safe restart point.
    await this.stream.ensureTopic(stationEventsTopic(), this.options.durableStream ? STATION_EVENTS_PARTITIONS : 1);
    this.current = await this.startPosition();
    this.subscription = this.store.subscribeAll(this.current || null, async (events) => {
      // The logbook first: an import's QSOs are queryable sooner when their facts, statistics and
      // leaderboards (fed from here) follow it instead of taking the cores beside it.
      if (this.options.logbookAt) await this.options.logbookAt(await this.store.headPosition());
      const messages = events.filter(isStationEvent).map(toStationMessage);
      if (messages.length > 0) {
        await this.stream.publish(
          stationEventsTopic(),
          // The type and position ride in headers too: a consumer skips the events it ignores without parsing them.
          messages.map((m) => ({ key: m.stationUserId, value: JSON.stringify(m), headers: { type: m.type, position: String(m.position) } })),
        );
      }
      const last = events[events.length - 1];
      if (last) {
        // The last station event published beside the position read: the awards job knows from
        // both when the facts consumer holds every QSO event up to a log position.
        const published = messages[messages.length - 1];
        await advanceCheckpoints(this.pool, { [FORWARDER_POSITION]: last.position, ...(published ? { [FORWARDER_PUBLISHED_POSITION]: published.position } : {}) });
        this.current = last.position;
      }
    }, {
      batchSize: 1_000,
      coalesceMs: 50,
      onError: (error) => {
        this.options.logger?.error({ err: error }, 'forwarder stopped; restarting');
        setTimeout(() => {
          if (!this.stopped) void this.restart();
        }, 1_000);
      },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Tries again every second while the database is away; stop() ends the attempts. */
  private async restart(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    if (this.stopped) return;
    await this.start().catch((error: unknown) => {
      this.options.logger?.error({ err: error }, 'forwarder restart failed; retrying');
      if (!this.stopped) setTimeout(() => void this.restart(), 1_000);
    });
  }

  private async startPosition(): Promise<number> {
    const own = (await storedCheckpoint(this.pool, FORWARDER_POSITION)) ?? 0;
    if (this.options.durableStream) return own;
    const consumed = await Promise.all(this.options.consumers.map((name) => storedCheckpoint(this.pool, name)));
    return Math.min(own, ...consumed.map((p) => p ?? 0));
  }
}
