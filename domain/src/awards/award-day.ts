/**
 * When a UTC day's awards are computed. The provisional computation counts what was uploaded by
 * the end of the day; the final one waits until the 48-hour upload window of the day's last QSO
 * has closed. Each runs AWARDS_RUN_DELAY_MS after its cut-off, leaving the stream consumers time
 * to apply what was uploaded just before it.
 */

export type AwardPhase = 'provisional' | 'final';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A QSO counts when its log is uploaded within this time of the QSO start (the rules text). */
export const AWARD_UPLOAD_WINDOW_MS = 48 * 60 * 60 * 1000;
/** The computations run at 00:05 UTC: five minutes after the cut-off at midnight. */
export const AWARDS_RUN_DELAY_MS = 5 * 60 * 1000;
export const AWARDS_RUN_TIME_UTC = { hour: 0, minute: AWARDS_RUN_DELAY_MS / 60_000 } as const;
/** How many past days a run (and the catch-up after a restart) looks at for missing computations. */
export const AWARDS_CATCH_UP_DAYS = 7;

/** 'YYYY-MM-DD' that is a real date. */
export function isAwardDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const start = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(start.getTime()) && start.toISOString().slice(0, 10) === day;
}

/** The UTC day of an instant. */
export function awardDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function awardDayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The first instant after the day. */
export function awardDayEnd(day: string): Date {
  return new Date(awardDayStart(day).getTime() + DAY_MS);
}

/** The day `n` days after (before, when negative) `day`. */
export function addAwardDays(day: string, n: number): string {
  return awardDayOf(new Date(awardDayStart(day).getTime() + n * DAY_MS));
}

/** What a computation counts: uploads up to (and including) this instant. */
export function awardCutoff(day: string, phase: AwardPhase): Date {
  const end = awardDayEnd(day).getTime();
  return new Date(phase === 'final' ? end + AWARD_UPLOAD_WINDOW_MS : end);
}

/** When the computation runs. */
export function awardComputationDueAt(day: string, phase: AwardPhase): Date {
  return new Date(awardCutoff(day, phase).getTime() + AWARDS_RUN_DELAY_MS);
}

/** What is recorded for a day: nothing, a provisional or a final computation. */
export type AwardDayStatus = 'none' | AwardPhase;

export interface DueComputation {
  day: string;
  phase: AwardPhase;
}

/**
 * The computations due at `now` and not yet recorded, oldest first, among the last `lookbackDays`
 * days. A day past its final time gets only the final one: a provisional computation then would
 * say nothing new.
 */
export function dueAwardComputations(now: Date, statusOf: (day: string) => AwardDayStatus, lookbackDays = AWARDS_CATCH_UP_DAYS): DueComputation[] {
  const today = awardDayOf(now);
  const due: DueComputation[] = [];
  for (let back = lookbackDays; back >= 1; back -= 1) {
    const day = addAwardDays(today, -back);
    const status = statusOf(day);
    if (now >= awardComputationDueAt(day, 'final')) {
      if (status !== 'final') due.push({ day, phase: 'final' });
    } else if (now >= awardComputationDueAt(day, 'provisional') && status === 'none') {
      due.push({ day, phase: 'provisional' });
    }
  }
  return due;
}

