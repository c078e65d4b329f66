/**
 * What one service brings to the HTTP server it runs in, whether that server is its own process's
 * (the production shape) or the one-process default's, which serves every service's part at once.
 */
import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { createHttpApp, type HttpAppOptions } from '../http/app';
import type { AttachedToServer } from '../http/upgrades';

type Mounted = 'apiRouters' | 'ownBodyApi' | 'rootRouters' | 'fastRoutes' | 'readinessChecks';
type Collected = Mounted | 'leadingApiRouters';

export interface ServicePart extends Partial<Pick<HttpAppOptions, Mounted | 'webDist' | 'renderIndex'>> {
  /** Mounted under /api ahead of every part's apiRouters (the busiest public reads, decision 0041). */
  leadingApiRouters?: HttpAppOptions['apiRouters'];
  /** What speaks beside HTTP on the same server (the websocket), attached once it listens and closed first on stop. */
  attach?: (server: Server) => Promise<AttachedToServer>;
  /** Releases what the part opened, once the server has stopped. */
  stop(): Promise<void>;
}

export type ServeOptions = Omit<HttpAppOptions, Mounted | 'webDist' | 'renderIndex'> & { port: number };

export interface Served {
  server: Server;
  /** The express app (tests walk its routes). */
  app: Express;
  port: number;
  /**
   * Stops accepting; what is attached (the websocket) closes first, requests in flight finish
   * (10 s at most), then the parts stop, the last opened first.
   */
  stop(): Promise<void>;
}

const IN_FLIGHT_MS = 10_000;

/** Serves the parts' routers in the order given (their routers in that order under /api) on one HTTP server. */
export async function serveParts(parts: ServicePart[], options: ServeOptions): Promise<Served> {
  const all = <K extends Collected>(key: K): NonNullable<ServicePart[K]> => parts.flatMap((p) => (p[key] ?? []) as unknown[]) as NonNullable<ServicePart[K]>;
  const { app, handle } = createHttpApp({
    ...options,
    apiRouters: [...all('leadingApiRouters'), ...all('apiRouters')],
    ownBodyApi: all('ownBodyApi'),
    rootRouters: all('rootRouters'),
    fastRoutes: all('fastRoutes'),
    readinessChecks: all('readinessChecks'),
    webDist: parts.find((p) => p.webDist)?.webDist,
    renderIndex: parts.find((p) => p.renderIndex)?.renderIndex,
  });
  const server = createServer(handle);
  // Longer than the front door's idle keep-alive, so nginx (or a browser) never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  // Attached before it listens: once /readyz answers, the websocket is served too.
  const attached: AttachedToServer[] = [];
  for (const part of parts) if (part.attach) attached.push(await part.attach(server));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    for (const a of attached) await a.close();
    throw error;
  }
  const address = server.address();
  let stopping: Promise<void> | null = null;
  return {
    server,
    app,
    port: typeof address === 'object' && address ? address.port : options.port,
    stop() {
      stopping ??= (async () => {
        const cutOff = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_MS);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // server.close() waits for upgraded sockets too: the websocket clients go first.
        for (const a of attached) await a.close();
        await closed;
        clearTimeout(cutOff);
        server.closeAllConnections();
        for (const part of [...parts].reverse()) await part.stop();
      })();
      return stopping;
    },
  };
}
