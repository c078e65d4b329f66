import type { Logger } from '@hamlog/infra/observability/logger';
import { Gauge, Histogram, type MetricsRegistry } from '@hamlog/infra/observability/metrics';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { LiveCards } from '../live-stations/live-cards';
import { allProjections } from '../projections';
import { Projector } from './projector';
import { ProjectorGroup } from './projector-group';

/** Anything that follows the log and knows how far it got. */
export interface LogFollower {
  name: string;
  position: number;
}

export interface RunningProjectors {
  projectors: Projector[];
  /** Stops the projectors, then the live cards (the sweep and the cards still to send). */
  stop(): Promise<void>;
}

/**
 * Starts a projector for every read model, all sharing one read of the log, and registers, on `metrics`, the append-to-row lag
 * histogram and the per-follower lag in events (for the projectors and any `others`, e.g. the
 * stream forwarder when it runs in the same process). The live stations' cards go out on
 * `fanOut` (every websocket gateway listens to it), with the stale sweep beside them.
 */
export async function startProjectors(
  store: EventStore,
  pool: Pool,
  metrics: MetricsRegistry,
  options: { fanOut: FanOut; logger?: Logger; others?: () => LogFollower[]; onProgress?: (name: string, position: number) => void },
): Promise<RunningProjectors> {
  const liveCards = new LiveCards(pool, options.fanOut, { logger: options.logger });
  const projectors = Object.values(allProjections(liveCards)).map((p) => new Projector(store, pool, p, options.logger));
  const lag = metrics.register(
    new Histogram('projection_lag_seconds', "Time from an event's append to its read-model row", [
      0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5,
    ]),
  );
  for (const projector of projectors) {
    const report = options.onProgress;
    if (report) projector.onProgress((position) => report(projector.name, position));
    projector.onApplied((events) => {
      const now = Date.now();
      const labels = { projection: projector.name };
      // Events committed together share their time: one observation per run of them.
      for (let i = 0; i < events.length; ) {
        const at = events[i]!.createdAt.getTime();
        let j = i + 1;
        while (j < events.length && events[j]!.createdAt.getTime() === at) j += 1;
        lag.observe((now - at) / 1000, labels, j - i);
        i = j;
      }
    });
  }
  metrics.register(
    new Gauge('projection_lag_events', 'Events in the log not yet applied, per follower', async () => {
      const head = await store.headPosition();
      const followers: LogFollower[] = [...projectors, ...(options.others?.() ?? [])];
      return followers.map((f) => ({ labels: { projection: f.name }, value: Math.max(0, head - f.position) }));
    }),
  );
  await new ProjectorGroup(store, pool, projectors, { logger: options.logger }).start();
  liveCards.start();
  return {
    projectors,
    async stop() {
      await Promise.all(projectors.map((p) => p.stop()));
      await liveCards.stop();
    },
  };
}
