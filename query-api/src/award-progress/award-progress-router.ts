import { Router, type Request, type Response } from 'express';
import type { AwardCardsAnswer, AwardMapAnswer, AwardNeededAnswer, AwardPageAnswer } from '@hamlog/domain/award-tracking/api';
import { AWARD_PROGRESS_PATHS } from '@hamlog/domain/award-tracking/api';
import { AWARD_PROGRESS_PRIVATE } from '@hamlog/domain/award-tracking/messages';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { awardProgressOwner } from '@hamlog/infra/read-models/users/award-progress-visibility';
import { findUser } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';
import { awardCards, awardCreditsCsv, awardMap, awardNeeded, awardPage, type AwardReads } from './award-progress-answers';
import { chosenSources, parseAwardQuery } from './award-progress-query';

interface Station {
  userId: string;
  callsign: string;
}

/**
 * The award tracker (issue 22): GET /awards/progress and each award's grid, map, needed list and
 * credited list as CSV. The signed-in station's own log, or with ?callsign= a station that shows
 * its progress publicly (any other answers 404, whether it exists or not).
 */
export function awardProgressRouter(deps: Pick<QueryDeps, 'pool' | 'sessions' | 'sotaSummits'> & Parameters<typeof readYourWrites>[0]): Router {
  const router = Router();
  const fresh = readYourWrites(deps, ['award-progress', 'logbook']);
  const signedIn = authenticate(deps.sessions, false);

  const reads = async (): Promise<AwardReads> => ({ pool: deps.pool, sota: await deps.sotaSummits.list() });

  async function station(req: Request, res: Response): Promise<Station> {
    if (typeof req.query.callsign === 'string' && req.query.callsign !== '') {
      const owner = await awardProgressOwner(deps.pool, req.query.callsign);
      if (!owner) throw new HttpError(404, AWARD_PROGRESS_PRIVATE);
      return owner;
    }
    if (res.locals.userId === undefined) throw new HttpError(401, 'Unauthenticated.');
    const userId = currentUserId(res);
    return { userId, callsign: (await findUser(deps.pool, userId))?.callsign ?? '' };
  }

  router.get(AWARD_PROGRESS_PATHS.cards, signedIn, fresh, asyncHandler(async (req, res) => {
    const { userId, callsign } = await station(req, res);
    const answer: AwardCardsAnswer = { callsign, cards: await awardCards(await reads(), userId, chosenSources(req.query.sources)) };
    res.json(answer);
  }));

  router.get(`${AWARD_PROGRESS_PATHS.cards}/:award`, signedIn, fresh, asyncHandler(async (req, res) => {
    const { userId, callsign } = await station(req, res);
    const query = parseAwardQuery(req.query, String(req.params.award));
    const answer: AwardPageAnswer = { callsign, ...(await awardPage(await reads(), userId, query)) };
    res.json(answer);
  }));

  router.get(`${AWARD_PROGRESS_PATHS.cards}/:award/map`, signedIn, fresh, asyncHandler(async (req, res) => {
    const { userId } = await station(req, res);
    const answer: AwardMapAnswer = await awardMap(await reads(), userId, parseAwardQuery(req.query, String(req.params.award)));
    res.json(answer);
  }));

  router.get(`${AWARD_PROGRESS_PATHS.cards}/:award/needed`, signedIn, fresh, asyncHandler(async (req, res) => {
    const { userId } = await station(req, res);
    const answer: AwardNeededAnswer = await awardNeeded(await reads(), userId, parseAwardQuery(req.query, String(req.params.award)));
    res.json(answer);
  }));

  router.get(`${AWARD_PROGRESS_PATHS.cards}/:award/credits.csv`, signedIn, fresh, asyncHandler(async (req, res) => {
    const { userId, callsign } = await station(req, res);
    const query = parseAwardQuery(req.query, String(req.params.award));
    res.type('text/csv; charset=utf-8');
    const name = `${callsign || 'hamlog'}-${query.award.id}`.replace(/[^\w-]/g, '_');
    res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
    res.send(await awardCreditsCsv(await reads(), userId, query));
  }));

  return router;
}
