import { Router, type Request } from 'express';
import {
  AWARD_NOT_FOUND,
  AWARD_RULES_TEXT,
  AWARD_WIDTH_INVALID,
  AWARDS_LATEST_LIMIT,
  awardCountText,
  awardDefinition,
  parseAwardId,
  type AwardsAnswer,
} from '@hamlog/domain';
import { AWARD_CARD_DESIGN, renderAwardCardPng } from '@hamlog/infra/awards/render-award-card';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import { findAward, latestAwards } from '@hamlog/infra/read-models/awards/queries';
import type { QueryDeps } from '../deps';

export const AWARD_IMAGE_WIDTH = { min: 100, max: 1200, default: 600 } as const;
const CACHE_ENTRIES = 200;

/** ?width=N: a whole number, clamped to what the card is drawn for; absent: the default. */
export function awardImageWidth(raw: unknown): number {
  if (raw === undefined) return AWARD_IMAGE_WIDTH.default;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw new HttpError(400, AWARD_WIDTH_INVALID);
  return Math.min(AWARD_IMAGE_WIDTH.max, Math.max(AWARD_IMAGE_WIDTH.min, Number(raw)));
}

/**
 * GET /award/latest: the newest daily awards with the rules text (public). GET /award/{id}?width=N
 * (also /award/{id}.png): the award's image, rendered here. A final award never changes, so its
 * image is cached for good; a provisional one for five minutes (the final computation may give it
 * to someone else). Rendered images are kept in a small cache by their ETag.
 */
export function awardsRouter(deps: Pick<QueryDeps, 'pool'>): Router {
  const router = Router();
  const cache = new Map<string, Buffer>();

  router.get('/award/latest', asyncHandler(async (_req, res) => {
    const answer: AwardsAnswer = { awards: await latestAwards(deps.pool, AWARDS_LATEST_LIMIT), rules: AWARD_RULES_TEXT };
    res.json(answer);
  }));

  router.get('/award/:id', asyncHandler(async (req: Request, res) => {
    const id = String(req.params.id ?? '').replace(/\.png$/, '');
    const width = awardImageWidth(req.query.width);
    const award = parseAwardId(id) ? await findAward(deps.pool, id) : null;
    if (!award) throw new HttpError(404, AWARD_NOT_FOUND);
    const etag = `"award-${award.id}-${award.position}-${AWARD_CARD_DESIGN}-${width}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', award.final ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    let png = cache.get(etag);
    if (!png) {
      const counts = awardDefinition(award.awardKey)?.counts ?? 'qsos';
      png = await renderAwardCardPng(
        { name: award.name, shortName: award.shortName, callsign: award.callsign, countText: awardCountText(counts, award.count), day: award.day, final: award.final },
        width,
      );
      cache.set(etag, png);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    }
    res.type('image/png').send(png);
  }));

  return router;
}
