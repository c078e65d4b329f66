import { Router } from 'express';
import {
  BUILT_IN_CONTESTS,
  builtInContest,
  CONTEST_NOT_FOUND,
  contestBoardAnswer,
  contestSummary,
  contestWindow,
  DEFAULT_CONTEST_ID,
  MEGASTREAM,
  type Contest,
  type ContestBoardAnswer,
  type ContestsAnswer,
  type ContestWindow,
  type StationTally,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import type { ContestScores } from '@hamlog/infra/ports/contest-scores';
import { contestsOrganisedBy, findContest, latestContests } from '@hamlog/infra/read-models/contests/queries';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** The most organisers' contests GET /vcontests lists. */
const CONTESTS_LISTED = 200;
const COALESCE_MS = 1_000;

/** Every viewer polls every 10 s: requests for the same window within a second share one query. */
function coalesced(scores: ContestScores): (window: ContestWindow) => Promise<StationTally[]> {
  const recent = new Map<string, { at: number; tallies: Promise<StationTally[]> }>();
  return (window) => {
    const at = Date.now();
    for (const [key, entry] of recent) if (at - entry.at >= COALESCE_MS) recent.delete(key);
    const key = JSON.stringify(window);
    const hit = recent.get(key);
    if (hit) return hit.tallies;
    const tallies = scores.tallies(window);
    recent.set(key, { at, tallies });
    tallies.catch(() => recent.delete(key));
    return tallies;
  };
}

/**
 * The contest boards, from the stream's aggregates: POST /vscores (signed in; the members'
 * contest unless {contest_id} names another) and POST /vscores4megastream (public). GET
 * /vcontests lists the contests (?mine=1: the caller's own). A contest just created is there for
 * its organiser's next read.
 */
export function contestsRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const fresh = readYourWrites(deps, ['contests']);
  const signedIn = authenticate(deps.sessions, true);
  const tallies = coalesced(deps.contestScores);

  async function board(contest: Contest): Promise<ContestBoardAnswer> {
    const at = now();
    const scored = await tallies(contestWindow(contest, at));
    const people = await communityUserSummaries(deps.pool, scored.map((t) => t.stationUserId));
    return contestBoardAnswer(contest, scored, people, at);
  }

  router.post('/vscores', signedIn, fresh, asyncHandler(async (req, res) => {
    const raw = (req.body as { contest_id?: unknown } | undefined)?.contest_id;
    const id = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : DEFAULT_CONTEST_ID;
    const contest = builtInContest(id) ?? (id.length <= 64 ? await findContest(deps.pool, id) : null);
    if (!contest) throw new HttpError(404, CONTEST_NOT_FOUND, { contest_id: [CONTEST_NOT_FOUND] });
    res.setHeader('Cache-Control', 'no-store');
    res.json(await board(contest));
  }));

  router.post('/vscores4megastream', asyncHandler(async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await board(MEGASTREAM));
  }));

  router.get('/vcontests', signedIn, fresh, asyncHandler(async (req, res) => {
    const at = now();
    // ?mine=1: the caller's own contests (an organiser's list), else the built-in ones and everyone's.
    const mine = req.query.mine === '1' || req.query.mine === 'true';
    const listed = mine
      ? await contestsOrganisedBy(deps.pool, currentUserId(res), CONTESTS_LISTED)
      : [...BUILT_IN_CONTESTS, ...(await latestContests(deps.pool, CONTESTS_LISTED))];
    const contests = listed.map((c) => contestSummary(c, at));
    contests.sort((a, b) => (a.starts_at < b.starts_at ? 1 : a.starts_at > b.starts_at ? -1 : a.id < b.id ? -1 : 1));
    const answer: ContestsAnswer = { contests };
    res.json(answer);
  }));

  return router;
}
