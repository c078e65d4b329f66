import type { DailySchedule } from '../ports/jobs';

const DAY_MS = 24 * 60 * 60 * 1000;

export function checkDailySchedule(at: DailySchedule): DailySchedule {
  if (!Number.isInteger(at.hour) || at.hour < 0 || at.hour > 23 || !Number.isInteger(at.minute) || at.minute < 0 || at.minute > 59) {
    throw new RangeError(`not a time of day: ${JSON.stringify(at)}`);
  }
  return at;
}

/** The first run strictly after `after`. */
export function nextDailyRun(after: Date, at: DailySchedule): Date {
  checkDailySchedule(at);
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), at.hour, at.minute);
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}

/** The cron pattern of a daily schedule (minute hour * * *), read in UTC. */
export function dailyCronPattern(at: DailySchedule): string {
  checkDailySchedule(at);
  return `${at.minute} ${at.hour} * * *`;
}
