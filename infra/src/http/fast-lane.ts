import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Histogram } from '../observability/metrics';
import { sendPrepared, type PreparedAnswer } from './prepared-answer';
import { requestIdOf } from './request-log';
import { apiAnswerUncached } from './api-caching';
import { securityHeadersFor, type SetSecurityHeaders } from './security-headers';

/** A GET as a fast route sees it: the path as sent (nothing decoded) and the query (parsed when first read: read it only once the path is yours). */
export interface FastRequest {
  req: IncomingMessage;
  path: string;
  query: URLSearchParams;
}

/** What a fast route answers: a prepared answer, its content type and the route's own headers. */
export interface FastAnswer {
  answer: PreparedAnswer;
  contentType: string;
  /** Cache-Control, framing: what the route's express handler sets besides the answer. */
  headers?: (res: ServerResponse) => void;
}

/**
 * A public read served ahead of express (decision 0045): for a request it takes, the work that
 * makes its answer; for any other, undefined. A route takes only requests it answers exactly as
 * its express handler would (that handler stays, for everything else): no credentials, plain
 * paths and queries (anything percent-encoded or doubled goes the long way).
 */
export type FastRoute = (request: FastRequest) => (() => Promise<FastAnswer>) | undefined;

function fastRequest(req: IncomingMessage): FastRequest | undefined {
  // A %-escape anywhere is for express's checks of what it decodes (refuseUnstorableAddress).
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url || req.url.includes('%')) return undefined;
  const at = req.url.indexOf('?');
  const path = at < 0 ? req.url : req.url.slice(0, at);
  if (path.includes('//')) return undefined;
  const search = at < 0 ? '' : req.url.slice(at + 1);
  let query: URLSearchParams | undefined;
  // Parsed only for a route that reads it: the lane costs the requests it leaves to express next to nothing.
  return {
    req,
    path,
    get query() {
      return (query ??= new URLSearchParams(search));
    },
  };
}

/**
 * `app` behind a lane for the busiest public reads (embed pages, the news, the client's page):
 * express costs about four times what such an answer does (bench/src/embeds.ts, news-read.ts).
 * The lane sets what express's middleware would (security headers; under /api the request id,
 * the default Cache-Control and the request metrics), then sends the prepared answer. A route
 * whose work fails hands the request to `app`, which answers it as it answers every failure.
 */
export function withFastLane(
  routes: readonly FastRoute[],
  app: RequestListener,
  durations?: Histogram,
  setSecurityHeaders: SetSecurityHeaders = securityHeadersFor(undefined),
): RequestListener {
  if (routes.length === 0) return app;
  return (req, res) => {
    const request = fastRequest(req);
    let work: (() => Promise<FastAnswer>) | undefined;
    for (let i = 0; request && !work && i < routes.length; i += 1) work = routes[i]!(request);
    if (!request || !work) {
      app(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    work().then(
      (found) => {
        setSecurityHeaders(res);
        const api = request.path.startsWith('/api/');
        if (api) {
          res.setHeader('x-request-id', requestIdOf(req));
          apiAnswerUncached(res);
        }
        found.headers?.(res);
        sendPrepared(req, res, found.answer, found.contentType);
        if (api) durations?.observe(Number(process.hrtime.bigint() - started) / 1e9, { route: request.path, status: String(res.statusCode) });
      },
      () => app(req, res),
    );
  };
}

/** A query parameter's one value, as express's query parser gives a string: undefined when absent or repeated. */
export function singleValue(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}
