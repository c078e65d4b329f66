/**
 * A day's awards, stream `awards-{YYYY-MM-DD}`. The daily job computes each day twice: a
 * provisional computation just after the day (uploads up to its end count) and a final one once
 * every QSO's 48-hour upload window has closed. The event records the cut-off, so a computation
 * from the same facts with that cut-off gives the same awards; after the final one the day is
 * closed.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { DomainError, ValidationError } from '../errors';
import { AWARD_DAY_INVALID, awardsAlreadyFinal, awardsNotDue } from '../messages';
import { awardCutoff, isAwardDay, type AwardDayStatus, type AwardPhase } from './award-day';
import { computeDailyAwards, type AwardQso, type AwardStation, type DailyAward } from './daily-awards';

export const awardsStreamName = (day: string): string => `awards-${day}`;

export type DailyAwardsComputed = Message<
  'DailyAwardsComputed',
  { day: string; phase: AwardPhase; cutoff: string; computedAt: string; awards: DailyAward[] }
>;
export type AwardsEvent = DailyAwardsComputed;
export const AWARDS_EVENT_TYPES = ['DailyAwardsComputed'] as const satisfies readonly AwardsEvent['type'][];

/** The inputs the rules need, as the facts and the accounts stood when the job ran. */
export type ComputeDailyAwards = Message<
  'ComputeDailyAwards',
  { day: string; phase: AwardPhase; at: string; qsos: readonly AwardQso[]; stations: readonly AwardStation[] }
>;
export type AwardsCommand = ComputeDailyAwards;

export type AwardsState = null | { day: string; provisional: boolean; final: boolean };

export class AwardsFinalError extends DomainError {
  readonly code = 'AWARDS_FINAL';
  constructor(readonly day: string) {
    super(awardsAlreadyFinal(day));
  }
}

export class AwardsNotDueError extends DomainError {
  readonly code = 'AWARDS_NOT_DUE';
  constructor(readonly day: string, cutoff: Date) {
    super(awardsNotDue(day, cutoff.toISOString()));
  }
}

export function initialAwardsState(): AwardsState {
  return null;
}

export function awardDayStatus(state: AwardsState): AwardDayStatus {
  if (state?.final) return 'final';
  return state?.provisional ? 'provisional' : 'none';
}

/** Whether a computation of this phase would record anything (the job skips gathering inputs otherwise). */
export function awardsComputationWanted(state: AwardsState, phase: AwardPhase): boolean {
  return !state?.final && !(phase === 'provisional' && state?.provisional);
}

export function decideAwards(command: AwardsCommand, state: AwardsState): AwardsEvent[] {
  switch (command.type) {
    case 'ComputeDailyAwards': {
      const { day, phase, at, qsos, stations } = command.data;
      if (!isAwardDay(day)) throw new ValidationError({ day: [AWARD_DAY_INVALID] });
      const cutoff = awardCutoff(day, phase);
      if (Date.parse(at) < cutoff.getTime()) throw new AwardsNotDueError(day, cutoff);
      if (state?.final) throw new AwardsFinalError(day);
      // A provisional computation again is the job retried: the first one stands.
      if (!awardsComputationWanted(state, phase)) return [];
      const awards = computeDailyAwards({ day, cutoff, qsos, stations });
      // A day nobody won records nothing, unless it closes an earlier computation: the log holds no empty days.
      if (state === null && awards.length === 0) return [];
      return [{ type: 'DailyAwardsComputed', data: { day, phase, cutoff: cutoff.toISOString(), computedAt: at, awards } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolveAwards(state: AwardsState, event: AwardsEvent): AwardsState {
  switch (event.type) {
    case 'DailyAwardsComputed': {
      const current = state ?? { day: event.data.day, provisional: false, final: false };
      return event.data.phase === 'final' ? { ...current, final: true } : { ...current, provisional: true };
    }
    default:
      return assertNever(event.type);
  }
}

export const awardsDecider: Decider<AwardsCommand, AwardsEvent, AwardsState> = {
  initialState: initialAwardsState,
  decide: decideAwards,
  evolve: evolveAwards,
};
