/**
 * The server's side of the live gateway's own process (live-process.ts): it forks it, hands each
 * /ws upgrade's socket over, forwards the fan-out's cards as they come, and starts it again if it
 * dies (its watchers reconnect by themselves). Used by the one-process default (decision 0053).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { LIVE_CARDS_CHANNEL, LIVE_SOCKET_PATH } from '@hamlog/domain';
import { refuseUpgrade, upgradePath } from '@hamlog/infra/http/upgrades';
import { lowerPriority } from '@hamlog/infra/runtime/lower-priority';
import { siblingModule } from '@hamlog/infra/runtime/sibling-module';
import type { LiveGatewayStats } from './live-gateway';
import { seedInBackground } from './live-cards';
import { registerLiveMetrics } from './live-metrics';
import type { FromLiveProcess, ToLiveProcess } from './live-process-messages';
import type { LiveSocket, LiveSocketOptions } from './ws-gateway';

export type LiveProcessOptions = Pick<LiveSocketOptions, 'fanOut' | 'logger' | 'metrics' | 'initialCards' | 'tickMs'>;

const READY_TIMEOUT_MS = 30_000;
const RESTART_DELAY_MS = 1_000;
const EXIT_GRACE_MS = 5_000;
/** How much nicer than the server the live process runs (0 = the same; 19 = the least). */
const LIVE_PROCESS_NICENESS = 10;

export interface LaunchedLiveProcess {
  /** Serves /ws on the server's upgrades through the process, once it is ready. */
  attach(server: Server): Promise<LiveSocket>;
  /** Stops it (also when it was never attached). */
  close(): Promise<void>;
}

/**
 * Forks the live gateway's process at once, so that it starts while the rest of the server does;
 * attach() hands it the server's /ws upgrades.
 */
export function launchLiveProcess(options: LiveProcessOptions): LaunchedLiveProcess {
  const { logger } = options;
  let child: ChildProcess | null = null;
  let stats: LiveGatewayStats | null = null;
  let closing = false;
  const send = (message: ToLiveProcess, handle?: Socket, onSent?: (error: Error | null) => void): void => {
    if (child?.connected) child.send(message, handle, {}, onSent);
    else onSent?.(new Error('live gateway not running'));
  };

  const spawnChild = async (): Promise<void> => {
    const entry = siblingModule(import.meta.url, 'live-process');
    const env = { ...process.env, ...(options.tickMs ? { LIVE_TICK_MS: String(options.tickMs) } : {}) };
    const started = fork(entry.path, [], { execArgv: entry.typescript ? ['--import', 'tsx'] : [], env, serialization: 'json' });
    // Below the server in the scheduler's eyes: when the cores are short, the writes go first and
    // the watchers' ticks take what is left (their targets are seconds, logging's milliseconds).
    if (!lowerPriority(started.pid, LIVE_PROCESS_NICENESS)) logger.warn('the live gateway process runs at the server\'s priority');
    started.on('message', (message: FromLiveProcess) => {
      if (message.type === 'stats') stats = message.stats;
    });
    await waitReady(started);
    child = started;
    started.once('exit', (code, signal) => {
      child = null;
      stats = null;
      if (closing) return;
      logger.error({ code, signal }, 'live gateway process ended; starting it again');
      setTimeout(() => void restart(), RESTART_DELAY_MS).unref();
    });
    if (options.initialCards) seedInBackground(options.initialCards, (cards) => send({ type: 'seed', cards }), logger, () => closing || child !== started);
  };
  const restart = async (): Promise<void> => {
    if (closing) return;
    await spawnChild().catch((error: unknown) => {
      logger.error({ err: error }, 'live gateway process did not start; trying again');
      setTimeout(() => void restart(), RESTART_DELAY_MS).unref();
    });
  };

  const started = (async () => {
    const unsubscribe = await options.fanOut.subscribe(LIVE_CARDS_CHANNEL, (text) => send({ type: 'cards', text }));
    await spawnChild();
    return unsubscribe;
  })();
  // Waited for by attach() or close(); not a crash in between.
  started.catch(() => {});

  // Once, whoever asks first (the attached socket or the service's stop); later calls wait for the same end.
  let closed: Promise<void> | null = null;
  const close = (): Promise<void> => (closed ??= shutDown());
  const shutDown = async (): Promise<void> => {
    closing = true;
    const unsubscribe = await started.catch(() => null);
    await unsubscribe?.();
    const running = child as ChildProcess | null;
    if (!running) return;
    const exited = once(running, 'exit');
    send({ type: 'close' });
    const timer = setTimeout(() => running.kill('SIGKILL'), EXIT_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  return {
    close,
    async attach(server) {
      await started;
      if (options.metrics) registerLiveMetrics(options.metrics, () => stats);
      const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
        if (upgradePath(req) !== LIVE_SOCKET_PATH) return refuseUpgrade(socket, 404);
        if (closing || !child?.connected) return refuseUpgrade(socket, 503);
        const request = { method: req.method, url: req.url, headers: req.headers };
        send({ type: 'upgrade', request, head: head.toString('base64') }, socket as Socket, (error) => {
          if (error) socket.destroy();
        });
      };
      server.on('upgrade', onUpgrade);
      return { clientCount: () => stats?.clients ?? 0, close };
    },
  };
}

function waitReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('the live gateway process did not say it was ready')), READY_TIMEOUT_MS);
    const onMessage = (message: FromLiveProcess) => {
      if (message.type !== 'ready') return;
      cleanUp();
      resolve();
    };
    const onExit = (code: number | null) => fail(new Error(`the live gateway process exited (code ${code}) before it was ready`));
    function fail(error: Error) {
      cleanUp();
      child.kill('SIGKILL');
      reject(error);
    }
    function cleanUp() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
