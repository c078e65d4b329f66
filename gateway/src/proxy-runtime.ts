import { request } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, Response } from 'express';
import express, { Router } from 'express';
import { isCommandPath } from '@hamlog/command-api';
import { LIVE_SOCKET_PATH } from '@hamlog/domain/community/rules';
import type { Config } from '@hamlog/infra/config/config';
import { qsoPageFromQueryApi } from '@hamlog/query-api';
import { edgeTrust, type TrustProxy } from '@hamlog/infra/http/client-address';
import { refuseUpgrade, upgradePath, type AttachedToServer } from '@hamlog/infra/http/upgrades';
import { runService } from '@hamlog/infra/runtime/service';
import type { Logger } from '@hamlog/infra/observability/logger';

/**
 * The headers passed on: the client's own, except that the client's address is the one this
 * gateway sees (req.ip: the socket's, or a proxy's in front named by TRUST_PROXY), replacing any
 * X-Forwarded-For or X-Real-IP the client sent, so nobody picks the address their limits count against.
 */
function forwardedHeaders(req: Request, host: string): Record<string, string | string[] | undefined> {
  const client = req.ip ?? req.socket.remoteAddress ?? '';
  return { ...req.headers, host, 'x-forwarded-for': client, 'x-real-ip': client, 'x-forwarded-proto': req.protocol };
}

/** Passes the request on (body still unread) with the client's address, and streams the answer back. */
function forward(target: string, req: Request, res: Response): void {
  // The path as normalised (normaliseApiPath), never the raw one: '//host/...' would name another host.
  const url = new URL(`${req.baseUrl}${req.url}`, target);
  const upstream = request(url, { method: req.method, headers: forwardedHeaders(req, url.host) }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.status(502).json({ message: 'The service is not answering; please try again.' });
  });
  req.pipe(upstream);
}

/** The raw head of an HTTP answer, as the upstream sent it. */
function answerHead(answer: IncomingMessage): string {
  let head = `HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\n`;
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) head += `${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}\r\n`;
  return `${head}\r\n`;
}

/**
 * Passes websocket upgrades on /ws to query-api, with the client's address set as forwardedHeaders()
 * sets it for every other call (the upgrade request seen through an express request, same trust),
 * then pipes the two sockets together. Other paths are refused.
 */
function forwardUpgrades(server: Server, target: string, trustProxy: TrustProxy): AttachedToServer {
  const edge = express();
  edge.set('trust proxy', trustProxy);
  const open = new Set<Duplex>();
  const track = (socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  let closing = false;
  const onUpgrade = (raw: IncomingMessage, client: Duplex, head: Buffer): void => {
    if (upgradePath(raw) !== LIVE_SOCKET_PATH) return refuseUpgrade(client, 404);
    if (closing) return refuseUpgrade(client, 503);
    const req = Object.setPrototypeOf(raw, edge.request) as Request;
    const url = new URL(req.url, target);
    const upstream = request(url, { method: req.method, headers: forwardedHeaders(req, url.host) });
    track(client);
    client.on('error', () => client.destroy());
    client.once('close', () => upstream.destroy());
    upstream.on('upgrade', (answer, socket, upstreamHead) => {
      track(socket);
      socket.on('error', () => socket.destroy());
      socket.once('close', () => client.destroy());
      client.once('close', () => socket.destroy());
      client.write(answerHead(answer));
      if (upstreamHead.length > 0) client.write(upstreamHead);
      if (head.length > 0) socket.write(head);
      socket.pipe(client).pipe(socket);
    });
    // query-api refused the upgrade: the client gets its status.
    upstream.on('response', (answer) => {
      answer.resume();
      refuseUpgrade(client, answer.statusCode ?? 502);
    });
    upstream.on('error', () => refuseUpgrade(client, 502));
    upstream.end();
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      closing = true;
      for (const socket of open) socket.destroy();
    },
  };
}

/**
 * The production gateway: serves the built client and routes /api writes to command-api and
 * every other call (and the websocket at /ws) to query-api.
 */
export async function startProxyGateway(config: Config, logger: Logger): Promise<Server> {
  const commandApi = process.env.COMMAND_API_URL ?? 'http://127.0.0.1:8081';
  const queryApi = process.env.QUERY_API_URL ?? 'http://127.0.0.1:8082';
  const router = Router();
  router.use((req, res) => forward(isCommandPath(req.path) ? commandApi : queryApi, req, res));
  // QSL cards, uploaded files and the embed pages live outside /api; query-api serves them.
  const files = Router();
  files.use(['/qsl', '/media', '/embed', '/active-embed'], (req, res) => forward(queryApi, req, res));
  return runService({
    name: 'gateway',
    port: config.port,
    logger,
    rawApi: router,
    rootRouters: [files],
    webDist: config.webDist,
    renderIndex: qsoPageFromQueryApi(queryApi, config.publicUrl),
    trustProxy: edgeTrust(config),
    attach: async (server) => forwardUpgrades(server, queryApi, edgeTrust(config)),
    onStop: async () => {},
  });
}
