import { Router, type Request } from 'express';
import type { ServerResponse } from 'node:http';
import { EMBED_MAX_AGE_SECONDS, EMBED_REF_ID_MAX_LENGTH, EMBED_STYLE, type EmbedKind } from '@hamlog/domain/embeds/embed-codes';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { singleValue, type FastRoute } from '@hamlog/infra/http/fast-lane';
import { HTML, prepareAnswer, sendPrepared, type PreparedAnswer } from '@hamlog/infra/http/prepared-answer';
import { allowFraming } from '@hamlog/infra/http/security-headers';
import type { QueryDeps } from '../deps';
import { SharedAnswers } from '../http/shared-answer';
import { EMBED_POLICY, notFoundPage } from './embed-html';
import { embedSources, type EmbedRender } from './embed-sources';

/** How long one process reuses a rendered embed: a popular host page costs one read and one render per this. */
const SERVER_REUSE_MS = 5_000;
/** Embeds kept at most; the oldest goes first. */
const MAX_KEPT = 2_000;
const CALLSIGN_MAX_LENGTH = 30;

/** The embedding user's referral id, carried on to the links; anything odd is dropped, not refused. */
function refIdOf(value: unknown): string {
  return typeof value === 'string' && value.length <= EMBED_REF_ID_MAX_LENGTH && /^[\w.-]+$/.test(value) ? value : '';
}

/** Any site may frame it; no script may run in it; caches may keep it briefly. */
function embedHeaders(res: ServerResponse): void {
  allowFraming(res, '*', EMBED_POLICY);
  res.setHeader('Cache-Control', `public, max-age=${EMBED_MAX_AGE_SECONDS}`);
}

/** The embed pages as served, whichever lane asks (express's router or the fast lane). */
function embedPages(deps: Pick<QueryDeps, 'pool' | 'now'>) {
  const now = () => deps.now?.() ?? new Date();
  const load = embedSources(deps.pool);
  const loads = new SharedAnswers<EmbedRender | null>(SERVER_REUSE_MS, MAX_KEPT);
  const pages = new SharedAnswers<PreparedAnswer>(SERVER_REUSE_MS, MAX_KEPT);

  /** At most one read of the station's data per SERVER_REUSE_MS, whatever the referral id. */
  const loaded = (kind: EmbedKind, callsign: string) => loads.get(`${kind} ${callsign}`, () => load(kind, callsign, now()));

  /** The page as served, rendered at most once per SERVER_REUSE_MS for each station, kind and referral id. */
  const page = (kind: EmbedKind, callsign: string, refId: string) =>
    pages.get(`${kind} ${callsign} ${refId}`, async () => {
      const render = await loaded(kind, callsign);
      return render ? prepareAnswer(200, render({ refId }, now())) : prepareAnswer(404, notFoundPage(callsign));
    });

  /** The path's style and callsign (decoded) and the query's ref_id, as sent. */
  return async (kind: EmbedKind, style: string, rawCallsign: string, refId: unknown): Promise<PreparedAnswer> => {
    const callsign = rawCallsign.trim().toUpperCase();
    const plausible = style === EMBED_STYLE && callsign !== '' && callsign.length <= CALLSIGN_MAX_LENGTH;
    return plausible ? page(kind, callsign, refIdOf(refId)) : prepareAnswer(404, notFoundPage(callsign));
  };
}

/**
 * An express route pattern as a regular expression over the raw path, matching as express does
 * (any case, an optional trailing slash), its parameters captured in order. The fast lane sees no
 * %-escapes, so the raw segments are what express would decode them to.
 */
const asExpressMatches = (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+)')}/?$`, 'i');

// Most specific first: /embed/sstv/1/X and /embed/1/last/X have as many segments as each other.
const ROUTES = (
  [
    ['live', '/active-embed/:style/:callsign'],
    ['sstv', '/embed/sstv/:style/:callsign'],
    ['last', '/embed/:style/last/:callsign'],
    ['photos', '/embed/:style/photos/:callsign'],
    ['logs', '/embed/:style/:callsign'],
  ] as const
).map(([kind, pattern]) => ({ kind, pattern, matches: asExpressMatches(pattern) }));

/**
 * The pages other sites frame (community.md 'Embed codes'), at the site's root:
 * /active-embed/1/{callsign}, /embed/1/last/{callsign}, /embed/1/photos/{callsign},
 * /embed/1/{callsign} and /embed/sstv/1/{callsign}. Server-rendered, no script, under 30 KB.
 * `router` serves them through express; `fast` serves the plain requests (nearly all) ahead of it.
 */
export function embedsRoutes(deps: Pick<QueryDeps, 'pool' | 'now'>): { router: Router; fast: FastRoute } {
  const answer = embedPages(deps);
  const router = Router();
  const param = (req: Request, name: string) => String(req.params[name] ?? '');
  for (const route of ROUTES) {
    router.get(
      route.pattern,
      asyncHandler(async (req, res) => {
        const found = await answer(route.kind, param(req, 'style'), param(req, 'callsign'), req.query.ref_id);
        embedHeaders(res);
        sendPrepared(req, res, found, HTML);
      }),
    );
  }
  const fast: FastRoute = (request) => {
    const { path } = request;
    if (!/^\/(?:active-)?embed\//i.test(path)) return undefined;
    for (const route of ROUTES) {
      const match = route.matches.exec(path);
      if (!match) continue;
      const [, style = '', callsign = ''] = match;
      return async () => ({ answer: await answer(route.kind, style, callsign, singleValue(request.query, 'ref_id')), contentType: HTML, headers: embedHeaders });
    }
    return undefined;
  };
  return { router, fast };
}
