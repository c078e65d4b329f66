/**
 * A contest is data: its name, window, modes, scoring and duplicate rules. The next contest needs
 * no code: an organiser creates it (decider.ts) or it is one of the built-in definitions
 * (built-in-contests.ts), and one scoring function (scoring.ts) answers every board.
 */
import type { ContestSummary } from '../community/api-shapes';
import { sha256Hex } from '../sha256';
import { canonicalJson, CUSTOM_RULES, type CustomRulesSpec } from './rules/custom-rules-spec';

/** 'call': a station counts once whatever the band; 'call-band': once per band; 'none': every contact counts. */
export type DuplicateRule = ContestSummary['duplicate_rule'];
export const DUPLICATE_RULES = ['call', 'call-band', 'none'] as const satisfies readonly DuplicateRule[];

/** 'daily': the window recurs every UTC day at the same times (the streamers' board: the current day). */
export type ContestRepeat = ContestSummary['repeat'];
export const CONTEST_REPEATS = ['none', 'daily'] as const satisfies readonly ContestRepeat[];

/** What an organiser chooses; validated by parseContestInput. */
export interface ContestDefinition {
  name: string;
  /** ISO 8601 UTC to the second ('2024-11-02T09:00:00Z'); for a daily contest, its first day. */
  startsAt: string;
  /** Exclusive: a QSO at this instant is outside. */
  endsAt: string;
  /** ADIF modes or sub-modes as the organiser names them (FT8, FT4); empty: every mode counts. */
  modes: string[];
  pointsPerContact: number;
  duplicateRule: DuplicateRule;
  /** A QSO first uploaded up to this many hours after the window's end still counts. */
  lateUploadHours: number;
  repeat: ContestRepeat;
  /**
   * A real contest's rules (rules/built-in-rules.ts, by Cabrillo name) for exchanges, QSO points,
   * multipliers and Cabrillo; 'CUSTOM' for the organiser's own (`customRules`); '' or absent
   * (contests made before) for the simple rules above.
   */
  rules?: string;
  /** The organiser's own rules, with `rules: 'CUSTOM'` only (rules/custom-rules-spec.ts); absent otherwise. */
  customRules?: CustomRulesSpec;
}

export interface Contest extends ContestDefinition {
  id: string;
  /** null for the built-in contests (nobody may change them). */
  organiserUserId: string | null;
}

/** One occurrence of a contest's window: [startsAt, endsAt). */
export interface ContestOccurrence {
  startsAt: Date;
  endsAt: Date;
}

export const DEFAULT_POINTS_PER_CONTACT = 1;
export const DEFAULT_DUPLICATE_RULE: DuplicateRule = 'call';
/** The awards' rule too: logs uploaded within 48 hours count (core.md §2). */
export const DEFAULT_LATE_UPLOAD_HOURS = 48;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The occurrence a board shows at `now`: the contest's own window, or for a daily one the latest that has started (else the first). */
export function contestOccurrence(contest: ContestDefinition, now: Date): ContestOccurrence {
  const start = Date.parse(contest.startsAt);
  const length = Date.parse(contest.endsAt) - start;
  const days = contest.repeat === 'daily' && now.getTime() > start ? Math.floor((now.getTime() - start) / DAY_MS) : 0;
  const startsAt = start + days * DAY_MS;
  return { startsAt: new Date(startsAt), endsAt: new Date(startsAt + length) };
}

/** ISO 8601 UTC to the second, as contests store their times. */
export function contestTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The contest as the API answers it, with the window of the occurrence shown at `now`. */
export function contestSummary(contest: Contest, now: Date): ContestSummary {
  const occurrence = contestOccurrence(contest, now);
  return {
    id: contest.id,
    name: contest.name,
    starts_at: contestTime(occurrence.startsAt),
    ends_at: contestTime(occurrence.endsAt),
    modes: [...contest.modes],
    points_per_contact: contest.pointsPerContact,
    duplicate_rule: contest.duplicateRule,
    late_upload_hours: contest.lateUploadHours,
    repeat: contest.repeat,
    organiser_user_id: contest.organiserUserId,
    rules: contest.rules ?? '',
    ...(contest.rules === CUSTOM_RULES && contest.customRules ? { custom_rules: contest.customRules } : {}),
  };
}

export const contestStreamName = (contestId: string): string => `contest-${contestId}`;

/** Contest ids: a readable slug and a hash, at most 64 characters of a-z, 0-9 and '-'. */
export const CONTEST_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A new contest's id, from who creates it, its name and its start: a resent create finds the
 * contest it made instead of making a second one.
 */
export function contestIdFor(organiserUserId: string, name: string, startsAt: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  const hash = sha256Hex(`${organiserUserId}\n${name}\n${startsAt}`).slice(0, 12);
  return slug ? `${slug}-${hash}` : `contest-${hash}`;
}

export function sameContestDefinition(a: ContestDefinition, b: ContestDefinition): boolean {
  return (
    a.name === b.name &&
    a.startsAt === b.startsAt &&
    a.endsAt === b.endsAt &&
    a.modes.length === b.modes.length &&
    a.modes.every((mode, i) => mode === b.modes[i]) &&
    a.pointsPerContact === b.pointsPerContact &&
    a.duplicateRule === b.duplicateRule &&
    a.lateUploadHours === b.lateUploadHours &&
    a.repeat === b.repeat &&
    (a.rules ?? '') === (b.rules ?? '') &&
    canonicalJson(a.customRules ?? null) === canonicalJson(b.customRules ?? null)
  );
}
