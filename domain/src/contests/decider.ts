/**
 * A contest's definition, stream `contest-{id}`. Any signed-in user may create a contest and so
 * becomes its organiser; only the organiser may change it. Built-in contests have no stream.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { DomainError } from '../errors';
import { CONTEST_EXISTS, CONTEST_NOT_FOUND, CONTEST_NOT_ORGANISER } from '../messages';
import { sameContestDefinition, type Contest, type ContestDefinition } from './contest';

export type ContestCreated = Message<'ContestCreated', { contestId: string; organiserUserId: string; definition: ContestDefinition; at: string }>;
/** Carries the whole new definition. */
export type ContestUpdated = Message<'ContestUpdated', { contestId: string; definition: ContestDefinition; at: string }>;
export type ContestEvent = ContestCreated | ContestUpdated;
export const CONTEST_EVENT_TYPES = ['ContestCreated', 'ContestUpdated'] as const satisfies readonly ContestEvent['type'][];

/** `at` is ISO 8601 UTC. */
export type CreateContest = Message<'CreateContest', { contestId: string; organiserUserId: string; definition: ContestDefinition; at: string }>;
export type UpdateContest = Message<'UpdateContest', { contestId: string; byUserId: string; definition: ContestDefinition; at: string }>;
export type ContestCommand = CreateContest | UpdateContest;

export type ContestState = null | { contest: Contest; createdAt: string; updatedAt: string };

export class ContestNotFoundError extends DomainError {
  readonly code = 'CONTEST_NOT_FOUND';
  override readonly field = 'contest_id';
  constructor() {
    super(CONTEST_NOT_FOUND);
  }
}

export class ContestNotOrganiserError extends DomainError {
  readonly code = 'CONTEST_NOT_ORGANISER';
  constructor() {
    super(CONTEST_NOT_ORGANISER);
  }
}

/** The id a create derives (organiser, name, start) already holds a contest with other rules. */
export class ContestExistsError extends DomainError {
  readonly code = 'CONTEST_EXISTS';
  constructor(readonly contestId: string) {
    super(CONTEST_EXISTS);
  }
}

export function initialContestState(): ContestState {
  return null;
}

export function decideContest(command: ContestCommand, state: ContestState): ContestEvent[] {
  switch (command.type) {
    case 'CreateContest': {
      const { contestId, organiserUserId, definition, at } = command.data;
      if (state === null) return [{ type: 'ContestCreated', data: { contestId, organiserUserId, definition, at } }];
      // A resent create finds its own contest and changes nothing.
      if (state.contest.organiserUserId === organiserUserId && sameContestDefinition(state.contest, definition)) return [];
      throw new ContestExistsError(contestId);
    }
    case 'UpdateContest': {
      const { contestId, byUserId, definition, at } = command.data;
      if (state === null) throw new ContestNotFoundError();
      if (state.contest.organiserUserId !== byUserId) throw new ContestNotOrganiserError();
      if (sameContestDefinition(state.contest, definition)) return [];
      return [{ type: 'ContestUpdated', data: { contestId, definition, at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveContest(state: ContestState, event: ContestEvent): ContestState {
  switch (event.type) {
    case 'ContestCreated': {
      const { contestId, organiserUserId, definition, at } = event.data;
      return { contest: { ...definition, id: contestId, organiserUserId }, createdAt: at, updatedAt: at };
    }
    case 'ContestUpdated': {
      // The whole new definition: custom rules it no longer has are gone (events before them have none).
      if (!state) return state;
      const contest: Contest = { ...state.contest, ...event.data.definition };
      if (!event.data.definition.customRules) delete contest.customRules;
      return { ...state, contest, updatedAt: event.data.at };
    }
    default:
      return assertNever(event);
  }
}

export const contestDecider: Decider<ContestCommand, ContestEvent, ContestState> = {
  initialState: initialContestState,
  decide: decideContest,
  evolve: evolveContest,
};
