import { request } from 'node:http';
import type { Server } from 'node:http';
import type { Request, Response } from 'express';
import { Router } from 'express';
import { isCommandPath } from '@hamlog/command-api';
import type { Config } from '@hamlog/infra/config/config';
import { qsoPageFromQueryApi } from '@hamlog/query-api';
import { runService } from '@hamlog/infra/runtime/service';
import type { Logger } from '@hamlog/infra/observability/logger';

/** Passes the request on unchanged (body still unread) and streams the answer back. */
function forward(target: string, req: Request, res: Response): void {
  const url = new URL(req.originalUrl, target);
  const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
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
    onStop: async () => {},
  });
}
