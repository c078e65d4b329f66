/**
 * How long ago something happened, the way the logger's summary says it ('First: 3 days ago').
 * Rounded down to the largest whole unit, like Carbon's diffForHumans: 'just now' under a minute
 * (and for times a little in the future, from clock skew), then minutes, hours, days, weeks, and
 * calendar months and years.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Whole calendar months from `from` to `now` (UTC): Jan 31 to Feb 28 is 0, Jan 15 to Feb 15 is 1. */
function wholeMonths(from: Date, now: Date): number {
  let months = (now.getUTCFullYear() - from.getUTCFullYear()) * 12 + (now.getUTCMonth() - from.getUTCMonth());
  const fromInMonth = from.getTime() - Date.UTC(from.getUTCFullYear(), from.getUTCMonth());
  const nowInMonth = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth());
  if (nowInMonth < fromInMonth) months -= 1;
  return months;
}

/** 'just now', '5 minutes ago', '1 hour ago', '3 days ago', '2 weeks ago', '2 months ago', '1 year ago'. */
export function humanTimeSince(from: Date | string, now: Date): string {
  const then = typeof from === 'string' ? new Date(from) : from;
  if (Number.isNaN(then.getTime())) throw new RangeError(`not a time: ${String(from)}`);
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return ago(days, 'day');
  const months = wholeMonths(then, now);
  if (months < 1) return ago(Math.floor(days / 7), 'week');
  if (months < 12) return ago(months, 'month');
  return ago(Math.floor(months / 12), 'year');
}
