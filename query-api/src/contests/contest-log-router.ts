import { Router, type Request } from 'express';
import {
  builtInContest,
  contestRulesOf,
  checkBeforeLogging,
  contestLoggerStart,
  parseContestCheck,
  type ContestCheckInput,
  cabrilloFileName,
  CONTEST_HAS_SIMPLE_RULES,
  CONTEST_LOG_MAX_QSOS,
  CONTEST_NOT_FOUND,
  CONTEST_NOT_ORGANISER,
  contestCabrillo,
  contestLog,
  contestOccurrence,
  contestSummary,
  matchingCall,
  parseStationCategory,
  namedCategoryFields,
  writeCabrillo,
  type Contest,
  type ContestChecksAnswer,
  type ContestRules,
  type CheckedBoardAnswer,
  type CheckedBoardRow,
  type StationCategory,
  boardOfCategory,
  boardPage,
  BOARD_OFFSET_INVALID,
  parseBoardOffset,
  ownBoardRow,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { chosenCategories } from '@hamlog/infra/read-models/contest-entries/queries';
import { findContest } from '@hamlog/infra/read-models/contests/queries';
import { stationQsosBetween } from '@hamlog/infra/read-models/logbook/queries';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';
import type { WholeBoard } from './check-contest';

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
  const fresh = readYourWrites(deps, ['contests', 'contest-entries', 'logbook']);
  const checked = deps.contestChecks;

  router.get('/vcontest/:contest_id/log', signedIn, fresh, asyncHandler(async (req, res) => {
    const station = await stationInContest(deps, req, currentUserId(res), now());
    const { contest, rules, category, call, qsos, at } = station;
    const checks = await checked.stationChecks(contest, rules, at, matchingCall(call));
    res.setHeader('Cache-Control', 'no-store');
    res.json(contestLog(contestSummary(contest, at), rules, { call, category }, qsos, checks));
  }));

  // The same log as the Cabrillo 3.0 file the contest's sponsor takes.
  router.get('/vcontest/:contest_id/cabrillo', signedIn, fresh, asyncHandler(async (req, res) => {
    const { contest, rules, category, call, qsos, at } = await stationInContest(deps, req, currentUserId(res), now());
    const log = contestLog(contestSummary(contest, at), rules, { call, category }, qsos);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${cabrilloFileName(call, rules.cabrilloName, log.contest.starts_at)}"`);
    res.send(writeCabrillo(contestCabrillo(log, rules, CABRILLO_CREATED_BY)));
  }));

  // The contest's board, every station's claimed and checked score.
  // ?operator=SINGLE-OP&power=LOW ...: the stations of that category, ranked among themselves.
  router.get('/vcontest/:contest_id/board', signedIn, asyncHandler(async (req, res) => {
    const { contest, rules } = await contestWithRules(deps, String(req.params.contest_id ?? ''));
    const filter = boardFilter(rules, req.query as Record<string, unknown>);
    const offset = parseBoardOffset(req.query.offset);
    if (offset === null) throw new HttpError(422, BOARD_OFFSET_INVALID, { offset: [BOARD_OFFSET_INVALID] });
    const [{ answer }, people] = await Promise.all([checked.get(contest, rules, now()), communityUserSummaries(deps.pool, [currentUserId(res)])]);
    const call = people.get(currentUserId(res))?.my_callsign ?? '';
    const category = categoryBoard(answer, filter);
    const mine = call ? ownBoardRow(category.shown, call) : null;
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/json').send(`${pageText(answer, filter, category, offset).slice(0, -1)},"mine":${JSON.stringify(mine)}}`);
  }));

  // The logger's question before Enter: what this contact would give, the next serial, the rate and score so far.
  router.post('/vcontest/:contest_id/check', signedIn, fresh, asyncHandler(async (req, res) => {
    const { rules, category, call, qsos, window, at } = await stationInContest(deps, req, currentUserId(res), now());
    const candidate = parseContestCheck((req.body ?? {}) as ContestCheckInput, at);
    if (!candidate.ok) throw fieldErrors(candidate.errors);
    res.setHeader('Cache-Control', 'no-store');
    res.json(checkBeforeLogging(rules, window, { call, category }, qsos, candidate.value));
  }));

  // The logger's contest mode before a call is typed: the boxes, what goes out, the rate and score so far.
  router.get('/vcontest/:contest_id/logger', signedIn, fresh, asyncHandler(async (req, res) => {
    const { contest, rules, category, call, qsos, at } = await stationInContest(deps, req, currentUserId(res), now());
    res.setHeader('Cache-Control', 'no-store');
    res.json(contestLoggerStart(contestSummary(contest, at), rules, { call, category }, qsos, at));
  }));

  // For the organiser of the contest: each station's contacts the check did not confirm.
  router.get('/vcontest/:contest_id/checks', signedIn, asyncHandler(async (req, res) => {
    const { contest, rules } = await contestWithRules(deps, String(req.params.contest_id ?? ''));
    if (contest.organiserUserId !== currentUserId(res)) throw new HttpError(403, CONTEST_NOT_ORGANISER);
    const { answer, problems } = await checked.get(contest, rules, now());
    const checks: ContestChecksAnswer = { contest: answer.contest, stations: problems, generated_at: answer.generated_at };
    res.setHeader('Cache-Control', 'no-store');
    res.json(checks);
  }));

  return router;
}

/** A category's board of one check, and its pages as JSON text by offset (without the caller's row). */
interface CategoryBoard {
  shown: readonly CheckedBoardRow[];
  pages: Map<number, string>;
}

/** Each check's boards by category: every participant polls them, so each is filtered and written once per check. */
const categoryBoards = new WeakMap<WholeBoard, Map<string, CategoryBoard>>();

function categoryBoard(answer: WholeBoard, filter: Partial<StationCategory>): CategoryBoard {
  let byFilter = categoryBoards.get(answer);
  if (!byFilter) categoryBoards.set(answer, (byFilter = new Map()));
  const key = JSON.stringify(filter);
  let found = byFilter.get(key);
  if (!found) byFilter.set(key, (found = { shown: boardOfCategory(answer.board, filter), pages: new Map() }));
  return found;
}

/** A page of a category's board as JSON text ({...} without `mine`, which each request adds). */
function pageText(answer: WholeBoard, filter: Partial<StationCategory>, category: CategoryBoard, offset: number): string {
  let text = category.pages.get(offset);
  if (text === undefined) {
    const page: Omit<CheckedBoardAnswer, 'mine'> = { ...answer, filter, ...boardPage(category.shown, offset), offset };
    text = JSON.stringify(page);
    category.pages.set(offset, text);
  }
  return text;
}

async function contestWithRules(deps: QueryDeps, id: string): Promise<{ contest: Contest; rules: ContestRules }> {
  const contest = builtInContest(id) ?? (id.length <= 64 ? await findContest(deps.pool, id) : null);
  if (!contest) throw new HttpError(404, CONTEST_NOT_FOUND, { contest_id: [CONTEST_NOT_FOUND] });
  const rules = contestRulesOf(contest);
  if (!rules) throw new HttpError(409, CONTEST_HAS_SIMPLE_RULES);
  return { contest, rules };
}

/**
 * The caller in a contest of real rules: its category (from the query; a value the contest does not
 * list is refused), callsign and QSOs in the contest's window.
 */
async function stationInContest(deps: QueryDeps, req: Request, userId: string, at: Date) {
  const { contest, rules } = await contestWithRules(deps, String(req.params.contest_id ?? ''));
  const query = req.query as Record<string, unknown>;
  const asked = categoryAsked(rules, query);
  const window = contestOccurrence(contest, at);
  const [qsos, people, chosen] = await Promise.all([
    stationQsosBetween(deps.pool, userId, window.startsAt, window.endsAt, CONTEST_LOG_MAX_QSOS),
    communityUserSummaries(deps.pool, [userId]),
    chosenCategories(deps.pool, contest.id, [userId]),
  ]);
  // A category in the query (a what-if, an export for another category) wins over the one chosen.
  const category = namedCategoryFields(query).length > 0 ? asked : (chosen.get(userId) ?? asked);
  const call = people.get(userId)?.my_callsign || qsos[0]?.stationCallsign || '';
  return { contest, rules, category, call, qsos, window, at };
}

/** The category the query names, the contest's first values for the rest; a value the contest does not list is refused (422). */
function categoryAsked(rules: ContestRules, query: Record<string, unknown>): StationCategory {
  const parsed = parseStationCategory(rules, query);
  if (!parsed.ok) throw fieldErrors(parsed.errors);
  return parsed.value;
}

/** Only the category fields the query names (checked as categoryAsked does). */
function boardFilter(rules: ContestRules, query: Record<string, unknown>): Partial<StationCategory> {
  const category = categoryAsked(rules, query);
  return Object.fromEntries(namedCategoryFields(query).map((field) => [field, category[field]]));
}
