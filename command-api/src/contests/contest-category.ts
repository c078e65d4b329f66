import {
  builtInContest,
  CONTEST_HAS_SIMPLE_RULES,
  CONTEST_ID_PATTERN,
  contestDecider,
  contestEntryDecider,
  contestEntryStreamName,
  ContestNotFoundError,
  contestRulesOf,
  contestStreamName,
  parseStationCategory,
  ValidationError,
  type StationCategory,
} from '@hamlog/domain';
import { HttpError } from '@hamlog/infra/http/errors';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { aggregateStream } from '../handling/aggregate-stream';
import { handleCommand } from '../handling/handle-command';

/**
 * The caller's category in a contest of real rules, from the values it sends (Cabrillo's names;
 * a field left out takes the contest's first value; one the contest does not list is refused).
 */
export async function chooseContestCategory(
  store: EventStore,
  contestId: string,
  userId: string,
  input: Record<string, unknown>,
  metadata: EventMetadata,
  at: Date,
): Promise<{ category: StationCategory; appended: AppendResult | null }> {
  const contest = builtInContest(contestId) ?? (CONTEST_ID_PATTERN.test(contestId) ? (await aggregateStream(store, contestStreamName(contestId), contestDecider)).state?.contest : null);
  if (!contest) throw new ContestNotFoundError();
  const rules = contestRulesOf(contest);
  if (!rules) throw new HttpError(409, CONTEST_HAS_SIMPLE_RULES);
  const parsed = parseStationCategory(rules, input);
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  const category = parsed.value;
  const handled = await handleCommand(
    store,
    contestEntryStreamName(contest.id, userId),
    contestEntryDecider,
    { type: 'ChooseContestCategory', data: { contestId: contest.id, userId, category, at: at.toISOString() } },
    metadata,
  );
  return { category, appended: handled.appended };
}
