import { Router, type Request } from 'express';
import {
  CHECKED_BOARD_MAX_QSOS,
  checkedBoard,
  contestLocationOf,
  entryFromQso,
  type CheckedBoardAnswer,
  type Contest,
  type ContestRules,
  builtInContest,
  cabrilloFileName,
  contestCabrillo,
  writeCabrillo,
  builtInRules,
  CONTEST_HAS_SIMPLE_RULES,
  CONTEST_LOG_MAX_QSOS,
  CONTEST_NOT_FOUND,
  contestCategoryRefused,
  contestLog,
  contestOccurrence,
  contestSummary,
  stationCategory,
  type ContestLogAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { findContest } from '@hamlog/infra/read-models/contests/queries';
import { qsosBetween, stationQsosBetween, type QsoRow } from '@hamlog/infra/read-models/logbook/queries';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

const CABRILLO_CREATED_BY = 'HamLog';

/**
 * Contests scored by real rules (issue 23): a station's own log, GET /vcontest/{id}/log and its
 * Cabrillo file /cabrillo (?operator=SINGLE-OP&power=LOW&assisted=... : the category, which decides
 * the off-time rule and Field Day's power multiplier), read after the caller's own writes; and the
 * board of every station's claimed and checked score, /board.
 */
export function contestLogRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);
  const fresh = readYourWrites(deps, ['contests', 'logbook']);

  router.get('/vcontest/:contest_id/log', signedIn, fresh, asyncHandler(async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await stationContestLog(deps, req, currentUserId(res), now()));
  }));

  // The same log as the Cabrillo 3.0 file the contest's sponsor takes.
  router.get('/vcontest/:contest_id/cabrillo', signedIn, fresh, asyncHandler(async (req, res) => {
    const log = await stationContestLog(deps, req, currentUserId(res), now());
    const rules = builtInRules(log.rules.cabrillo_name)!;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${cabrilloFileName(log.station.call, rules.cabrilloName, log.contest.starts_at)}"`);
    res.send(writeCabrillo(contestCabrillo(log, rules, CABRILLO_CREATED_BY)));
  }));

  // The contest's board, every station's claimed and checked score: worked out at most once per
  // BOARD_REFRESH_MS for every viewer (boards are polled every 10 s by every participant).
  const boards = new Map<string, { at: number; answer: Promise<CheckedBoardAnswer> }>();
  router.get('/vcontest/:contest_id/board', signedIn, asyncHandler(async (req, res) => {
    const { contest, rules } = await contestWithRules(deps, String(req.params.contest_id ?? ''));
    const at = Date.now();
    let entry = boards.get(contest.id);
    if (!entry || at - entry.at >= BOARD_REFRESH_MS) {
      entry = { at, answer: contestBoard(deps, contest, rules, now()) };
      boards.set(contest.id, entry);
      entry.answer.catch(() => boards.delete(contest.id));
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json(await entry.answer);
  }));

  return router;
}

const BOARD_REFRESH_MS = 2_000;

async function contestWithRules(deps: QueryDeps, id: string): Promise<{ contest: Contest; rules: ContestRules }> {
  const contest = builtInContest(id) ?? (id.length <= 64 ? await findContest(deps.pool, id) : null);
  if (!contest) throw new HttpError(404, CONTEST_NOT_FOUND, { contest_id: [CONTEST_NOT_FOUND] });
  const rules = contest.rules ? builtInRules(contest.rules) : null;
  if (!rules) throw new HttpError(409, CONTEST_HAS_SIMPLE_RULES);
  return { contest, rules };
}

/** Every participant's QSOs in the window, a log per station, checked against each other. */
async function contestBoard(deps: QueryDeps, contest: Contest, rules: ContestRules, at: Date): Promise<CheckedBoardAnswer> {
  const { startsAt, endsAt } = contestOccurrence(contest, at);
  const qsos = await qsosBetween(deps.pool, startsAt, endsAt, CHECKED_BOARD_MAX_QSOS);
  const byStation = new Map<string, QsoRow[]>();
  for (const qso of qsos) {
    const list = byStation.get(qso.stationUserId);
    if (list) list.push(qso);
    else byStation.set(qso.stationUserId, [qso]);
  }
  const people = await communityUserSummaries(deps.pool, [...byStation.keys()]);
  const category = stationCategory(rules, {}).category;
  const stations = [...byStation].map(([userId, rows]) => {
    const call = people.get(userId)?.my_callsign || rows[0]!.stationCallsign;
    const location = contestLocationOf(call);
    const entries = rows
      .map((row) => entryFromQso(rules, location, { id: row.qdoId, fields: row.fields }))
      .filter((entry) => rules.bands.includes(entry.band) && rules.modes.includes(entry.mode));
    return { call, location, category, entries };
  });
  return {
    contest: contestSummary(contest, at),
    rules: { cabrillo_name: rules.cabrilloName, name: rules.name },
    board: checkedBoard(rules, stations, at),
    qsos: qsos.length,
    generated_at: at.toISOString(),
  };
}

export async function stationContestLog(deps: QueryDeps, req: Request, userId: string, at: Date): Promise<ContestLogAnswer> {
  const id = String(req.params.contest_id ?? '');
  const { contest, rules } = await contestWithRules(deps, id);
  const { category, refused } = stationCategory(rules, req.query as Record<string, unknown>);
  if (refused.length > 0) {
    const errors = Object.fromEntries(refused.map((field) => [field, [contestCategoryRefused(field, rules.categories[field as keyof typeof rules.categories])]]));
    throw new HttpError(422, errors[refused[0]!]![0]!, errors);
  }
  const { startsAt, endsAt } = contestOccurrence(contest, at);
  const [qsos, people] = await Promise.all([
    stationQsosBetween(deps.pool, userId, startsAt, endsAt, CONTEST_LOG_MAX_QSOS),
    communityUserSummaries(deps.pool, [userId]),
  ]);
  const call = people.get(userId)?.my_callsign || qsos[0]?.stationCallsign || '';
  return contestLog(contestSummary(contest, at), rules, { call, category }, qsos);
}
