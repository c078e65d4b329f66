/**
 * The live gateway's own process (decision 0053): in the one-process default the server hands each
 * /ws socket over here, with the cards to send, so the ticks and the writes to thousands of sockets
 * never run on the event loop that takes the QSOs. Launched by launchLiveProcess; ends with its parent.
 */
import type { Socket } from 'node:net';
import { createLogger } from '@hamlog/infra/observability/logger';
import { cardsOfMessage } from '@hamlog/domain/live/live-frames';
import { LiveGateway } from './live-gateway';
import type { FromLiveProcess, ToLiveProcess } from './live-process-messages';

const STATS_MS = 1_000;

const send = (message: FromLiveProcess): void => void process.send?.(message);
const tickMs = Number(process.env.LIVE_TICK_MS) || undefined;
const gateway = new LiveGateway({ logger: createLogger('live-gateway'), tickMs });

process.on('message', (message: ToLiveProcess, handle?: Socket) => {
  switch (message.type) {
    case 'upgrade':
      if (handle) gateway.acceptUpgrade(message.request, handle, Buffer.from(message.head, 'base64'));
      return;
    case 'seed':
      gateway.seed(message.cards);
      return;
    case 'cards':
      gateway.offer(cardsOfMessage(message.text));
      return;
    case 'close':
      void gateway.close().finally(() => process.exit(0));
      return;
  }
});
// The parent gone (killed, crashed): nobody hands sockets over any more.
process.on('disconnect', () => void gateway.close().finally(() => process.exit(0)));
// Ctrl-C or a SIGTERM to the whole process group reaches this process too: the server stops it
// (a 'close' message) in its own order, after its watchers have been told it is going away.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
setInterval(() => send({ type: 'stats', stats: gateway.stats() }), STATS_MS).unref();
send({ type: 'ready' });
