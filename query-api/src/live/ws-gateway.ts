/**
 * The websocket at /ws (DESIGN.md §4) in the process that serves the reads, as query-api does in
 * the production shape: the live cards published on the fan-out go out in ticks (LiveGateway). No
 * login: it carries only what the public feed shows. Clients send nothing the server uses.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { cardsOfMessage, LIVE_CARDS_CHANNEL, LIVE_SOCKET_PATH, type FeedUserCard } from '@hamlog/domain';
import { refuseUpgrade, upgradePath, type AttachedToServer } from '@hamlog/infra/http/upgrades';
import type { MetricsRegistry } from '@hamlog/infra/observability/metrics';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import { seedInBackground } from './live-cards';
import { LiveGateway, type LiveGatewayOptions } from './live-gateway';
import { registerLiveMetrics } from './live-metrics';

export interface LiveSocketOptions extends LiveGatewayOptions {
  fanOut: FanOut;
  metrics?: MetricsRegistry;
  /** Where a gateway starts: the stations on the air now (onAirCards). */
  initialCards?: () => Promise<FeedUserCard[]>;
}

export interface LiveSocket extends AttachedToServer {
  /** Sockets open now. */
  clientCount(): number;
}

/** Serves /ws on `server`'s upgrades (other paths get 404) with the cards from LIVE_CARDS_CHANNEL. */
export async function attachLiveSocket(server: Server, options: LiveSocketOptions): Promise<LiveSocket> {
  const gateway = new LiveGateway(options);
  if (options.metrics) registerLiveMetrics(options.metrics, () => gateway.stats());
  const unsubscribe = await options.fanOut.subscribe(LIVE_CARDS_CHANNEL, (text) => gateway.offer(cardsOfMessage(text)));
  let closed = false;
  if (options.initialCards) seedInBackground(options.initialCards, (cards) => gateway.seed(cards), options.logger, () => closed);
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (upgradePath(req) !== LIVE_SOCKET_PATH) return refuseUpgrade(socket, 404);
    gateway.acceptUpgrade(req, socket, head);
  };
  server.on('upgrade', onUpgrade);
  return {
    clientCount: () => gateway.clientCount(),
    // The upgrade listener stays: late upgrades get 503 instead of falling through to the HTTP handler.
    async close() {
      closed = true;
      await unsubscribe();
      await gateway.close();
    },
  };
}
