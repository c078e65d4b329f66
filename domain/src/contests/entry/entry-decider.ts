/**
 * A station's entry in a contest, stream `contest-entry-{contestId}-{userId}`: the category it
 * enters (operator, power, assisted ... as Cabrillo names them), chosen on its own log's page. The
 * board ranks and filters by it; its log, Cabrillo file and checks before Enter score by it.
 */
import { assertNever, type Decider, type Message } from '../../decider';
import type { StationCategory } from '../rules/rules';

export const contestEntryStreamName = (contestId: string, userId: string): string => `contest-entry-${contestId}-${userId}`;

export type ContestCategoryChosen = Message<'ContestCategoryChosen', { contestId: string; userId: string; category: StationCategory; at: string }>;
export type ContestEntryEvent = ContestCategoryChosen;
export const CONTEST_ENTRY_EVENT_TYPES = ['ContestCategoryChosen'] as const satisfies readonly ContestEntryEvent['type'][];

/** `category` checked against the contest's rules (stationCategory); `at` is ISO 8601 UTC. */
export type ChooseContestCategory = Message<'ChooseContestCategory', { contestId: string; userId: string; category: StationCategory; at: string }>;
export type ContestEntryCommand = ChooseContestCategory;

export type ContestEntryState = { category: StationCategory | null };

const sameCategory = (a: StationCategory, b: StationCategory): boolean => (Object.keys(a) as (keyof StationCategory)[]).every((field) => a[field] === b[field]);

/** The category already chosen changes nothing (a retry, or the same choice again). */
export function decideContestEntry(command: ContestEntryCommand, state: ContestEntryState): ContestEntryEvent[] {
  switch (command.type) {
    case 'ChooseContestCategory': {
      const { category } = command.data;
      if (state.category && sameCategory(state.category, category)) return [];
      return [{ type: 'ContestCategoryChosen', data: command.data }];
    }
    default:
      return assertNever(command.type);
  }
}

export const contestEntryDecider: Decider<ContestEntryCommand, ContestEntryEvent, ContestEntryState> = {
  initialState: () => ({ category: null }),
  decide: decideContestEntry,
  evolve: (_state, event) => ({ category: event.data.category }),
};
