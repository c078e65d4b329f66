import { request } from 'node:http';
import type { Server } from 'node:http';
import type { Request, Response } from 'express';
import { Router } from 'express';
import { isCommandPath } from '@hamlog/command-api';
import type { Config } from '@hamlog/infra/config/config';
import { qsoPageFromQueryApi } from '@hamlog/query-api';
import { edgeTrust } from '@hamlog/infra/http/client-address';
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
  const url = new URL(req.originalUrl, target);
  const upstream = request(url, { method: req.method, headers: forwardedHeaders(req, url.host) }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.status(502).json({ message: 'The service is not answering; please try again.' });
  });
  req.pipe(upstream);
}

/**
 * The production gateway: serves the built client and routes /api writes to command-api and
 * every other call to query-api.
 */
export async function startProxyGateway(config: Config, logger: Logger): Promise<Server> {
  const commandApi = process.env.COMMAND_API_URL ?? 'http://127.0.0.1:8081';
  const queryApi = process.env.QUERY_API_URL ?? 'http://127.0.0.1:8082';
  const router = Router();
  router.use((req, res) => forward(isCommandPath(req.path) ? commandApi : queryApi, req, res));
  // QSL cards and uploaded files live outside /api; query-api serves them.
  const files = Router();
  files.use(['/qsl', '/media'], (req, res) => forward(queryApi, req, res));
  return runService({
    name: 'gateway',
    port: config.port,
    logger,
    rawApi: router,
    rootRouters: [files],
    webDist: config.webDist,
    renderIndex: qsoPageFromQueryApi(queryApi, config.publicUrl),
    trustProxy: edgeTrust(config),
    onStop: async () => {},
  });
}
