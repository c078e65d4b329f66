import { Router, type Request, type Response } from 'express';
import { EMBED_MAX_AGE_SECONDS, EMBED_REF_ID_MAX_LENGTH, EMBED_STYLE, type EmbedKind } from '@hamlog/domain/embeds/embed-codes';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { allowFraming } from '@hamlog/infra/http/security-headers';
import type { QueryDeps } from '../deps';
import { prepareAnswer, sendPrepared, type PreparedAnswer } from '../http/prepared-answer';
import { SharedAnswers } from '../http/shared-answer';
import { EMBED_POLICY, notFoundPage } from './embed-html';
import { embedSources, type EmbedRender } from './embed-sources';

/** How long one process reuses a rendered embed: a popular host page costs one read and one render per this. */
const SERVER_REUSE_MS = 5_000;
/** Embeds kept at most; the oldest goes first. */
const MAX_KEPT = 2_000;
const CALLSIGN_MAX_LENGTH = 30;

function callsignOf(req: Request): string {
  return String(req.params.callsign ?? '').trim().toUpperCase();
}

/** The embedding user's referral id, carried on to the links; anything odd is dropped, not refused. */
function refIdOf(req: Request): string {
  const value = req.query.ref_id;
  return typeof value === 'string' && value.length <= EMBED_REF_ID_MAX_LENGTH && /^[\w.-]+$/.test(value) ? value : '';
}

/** Any site may frame it; no script may run in it; caches may keep it briefly; an unchanged page is a 304. */
function send(req: Request, res: Response, answer: PreparedAnswer): void {
  allowFraming(res, '*', EMBED_POLICY);
  res.setHeader('Cache-Control', `public, max-age=${EMBED_MAX_AGE_SECONDS}`);
  sendPrepared(req, res, answer, 'html');
}

/**
 * The pages other sites frame (community.md 'Embed codes'), at the site's root:
 * /active-embed/1/{callsign}, /embed/1/last/{callsign}, /embed/1/photos/{callsign},
 * /embed/1/{callsign} and /embed/sstv/1/{callsign}. Server-rendered, no script, under 30 KB.
 */
export function embedsRouter(deps: Pick<QueryDeps, 'pool' | 'now'>): Router {
  const router = Router();
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

  const serve = (kind: EmbedKind) =>
    asyncHandler(async (req, res) => {
      const callsign = callsignOf(req);
      const plausible = req.params.style === EMBED_STYLE && callsign !== '' && callsign.length <= CALLSIGN_MAX_LENGTH;
      send(req, res, plausible ? await page(kind, callsign, refIdOf(req)) : prepareAnswer(404, notFoundPage(callsign)));
    });

  // Most specific first: /embed/sstv/1/X and /embed/1/last/X have as many segments as each other.
  router.get('/active-embed/:style/:callsign', serve('live'));
  router.get('/embed/sstv/:style/:callsign', serve('sstv'));
  router.get('/embed/:style/last/:callsign', serve('last'));
  router.get('/embed/:style/photos/:callsign', serve('photos'));
  router.get('/embed/:style/:callsign', serve('logs'));
  return router;
}
