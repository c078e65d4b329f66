import { formatKhz, parseKhzToHz } from '@hamlog/domain/frequency';
import type { ContestRow, ContestSummary } from '@hamlog/domain/community/api-shapes';
import { builtInRules } from '@hamlog/domain/contests/rules/built-in-rules';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HOUR_MS = 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** '2 Nov 2024, 09:00–21:00 UTC (12 hours)'; a window over midnight names both days. */
export function contestWindow(contest: Pick<ContestSummary, 'starts_at' | 'ends_at'>): string {
  const start = new Date(contest.starts_at);
  const end = new Date(contest.ends_at);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const hours = Math.round(((end.getTime() - start.getTime()) / HOUR_MS) * 10) / 10;
  const length = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const span = day(start) === day(end)
    ? `${day(start)}, ${time(start)}–${time(end)} UTC`
    : `${day(start)} ${time(start)} UTC – ${day(end)} ${time(end)} UTC`;
  return `${span} (${length})`;
}

/**
 * The contest's rules in a line: a real contest's rules by name; the simple rules' modes, points and
 * what counts as a duplicate; and how late logs may come.
 */
export function contestRules(contest: Pick<ContestSummary, 'modes' | 'points_per_contact' | 'duplicate_rule' | 'late_upload_hours' | 'rules' | 'custom_rules'>): string {
  const late = contest.late_upload_hours > 0 ? `logs uploaded up to ${contest.late_upload_hours} hours after the end count` : '';
  if (contest.rules !== '') {
    const scored = contest.custom_rules
      ? `Scored by the organiser’s own rules: ${contest.custom_rules.name}`
      : `Scored by the rules of ${builtInRules(contest.rules)?.name ?? contest.rules}`;
    return [scored, late].filter(Boolean).join(' · ');
  }
  const points = `${contest.points_per_contact} ${contest.points_per_contact === 1 ? 'point' : 'points'} per contact`;
  const duplicates = {
    call: 'contacts on separate bands not permitted',
    'call-band': 'each station once per band',
    none: 'every contact counts',
  }[contest.duplicate_rule];
  return [contest.modes.join('/'), points, duplicates, late].filter(Boolean).join(' · ');
}

/** Time since a streamer's last QSO: seconds under a minute ('42s ago'), else minutes ('7 min ago'); '—' before the first. */
export function lastQsoAgo(row: Pick<ContestRow, 'number_of_contacts' | 'last_qso_time_in_seconds' | 'last_qso_time_in_minutes'>): string {
  if (row.number_of_contacts <= 0) return '—';
  const seconds = Math.max(0, Math.floor(row.last_qso_time_in_seconds));
  if (seconds < 60) return `${seconds}s ago`;
  return `${Math.max(1, Math.floor(row.last_qso_time_in_minutes))} min ago`;
}

/** QSOs per minute over the last 10 minutes, to one decimal. */
export function qsoRate(perMinute: number): string {
  return Number.isFinite(perMinute) && perMinute > 0 ? perMinute.toFixed(1) : '0.0';
}

/** A frequency in kHz as the board shows it ('14074', '7074.5'); '—' when unknown. */
export function frequencyKhz(freq: number | null): string {
  const hz = freq === null ? null : parseKhzToHz(freq);
  return hz === null || hz <= 0 ? '—' : formatKhz(hz);
}
