/** Reading a contest definition from the API's fields (POST /vcontest/create and /vcontest/update). */
import * as m from '../messages';
import { isKnownMode, parentModeOf } from '../modes';
import { isStorableText } from '../storable-text';
import { parseUtcTimestamp } from '../time';
import type { Validated } from '../validated';
import { BUILT_IN_RULES, builtInRules } from './rules/built-in-rules';
import { contestRulesOf } from './rules/custom-rules';
import { CUSTOM_RULES_REQUIRED } from './rules/custom-rules-messages';
import { CUSTOM_RULES, type CustomRulesSpec } from './rules/custom-rules-spec';
import { parseCustomRulesSpec } from './rules/parse-custom-rules';
import {
  CONTEST_REPEATS,
  contestTime,
  DEFAULT_DUPLICATE_RULE,
  DEFAULT_LATE_UPLOAD_HOURS,
  DEFAULT_POINTS_PER_CONTACT,
  DUPLICATE_RULES,
  type ContestDefinition,
  type ContestRepeat,
  type DuplicateRule,
} from './contest';

export const CONTEST_NAME_MIN = 3;
export const CONTEST_NAME_MAX = 80;
export const CONTEST_MAX_MODES = 20;
export const CONTEST_MAX_DAYS = 31;
export const CONTEST_MAX_POINTS = 100;
export const CONTEST_MAX_LATE_UPLOAD_HOURS = 720;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;
const HOUR_MS = 60 * 60 * 1000;

/** The API's field names. */
export interface ContestInput {
  name?: unknown;
  starts_at?: unknown;
  ends_at?: unknown;
  modes?: unknown;
  points_per_contact?: unknown;
  duplicate_rule?: unknown;
  late_upload_hours?: unknown;
  repeat?: unknown;
  rules?: unknown;
  /** With rules 'CUSTOM': the organiser's own rules (rules/custom-rules-spec.ts). */
  custom_rules?: unknown;
}

type Errors = Record<string, string[]>;

const given = (value: unknown): boolean => value !== undefined && value !== null;

function time(errors: Errors, field: string, value: unknown, message: string): string | null {
  const parsed = typeof value === 'string' ? parseUtcTimestamp(value) : null;
  if (!parsed) {
    errors[field] = [message];
    return null;
  }
  const year = parsed.getUTCFullYear();
  if (year < FIRST_YEAR || year >= LAST_YEAR) {
    errors[field] = [m.CONTEST_YEARS];
    return null;
  }
  // To the second: the analytics store keeps QSO times to the second.
  return contestTime(new Date(Math.floor(parsed.getTime() / 1000) * 1000));
}

function wholeNumber(errors: Errors, field: string, value: unknown, min: number, max: number, message: string): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    errors[field] = [message];
    return null;
  }
  return n;
}

function oneOf<T extends string>(errors: Errors, field: string, value: unknown, allowed: readonly T[], message: string): T | null {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (text === null || !(allowed as readonly string[]).includes(text)) {
    errors[field] = [message];
    return null;
  }
  return text as T;
}

/** A list of modes, or the same as one comma-separated string; upper-cased, de-duplicated, in the given order. */
function modes(errors: Errors, value: unknown): string[] | null {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    errors.modes = [m.CONTEST_MODES_INVALID];
    return null;
  }
  const names = [...new Set((list as string[]).map((item) => item.trim().toUpperCase()).filter((item) => item !== ''))];
  const unknown = names.find((name) => !isKnownMode(name) && parentModeOf(name) === null);
  if (unknown !== undefined) {
    errors.modes = [m.contestModeUnknown(unknown.slice(0, 30))];
    return null;
  }
  if (names.length > CONTEST_MAX_MODES) {
    errors.modes = [m.CONTEST_TOO_MANY_MODES];
    return null;
  }
  return names;
}

/** '' (the simple rules), a built-in rule set's Cabrillo name, upper-cased, or 'CUSTOM' (the organiser's own). */
function knownRules(errors: Errors, value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : null;
  if (text === '') return '';
  if (text?.toUpperCase() === CUSTOM_RULES) return CUSTOM_RULES;
  const rules = text === null ? null : builtInRules(text);
  if (!rules) {
    errors.rules = [m.contestRulesUnknown([...BUILT_IN_RULES.map((r) => r.cabrilloName), CUSTOM_RULES])];
    return null;
  }
  return rules.cabrilloName;
}

/** With custom rules: the spec sent, else the contest's own (an update that leaves them); problems under custom_rules.*. */
function customRulesSpec(errors: Errors, value: unknown, current: ContestDefinition | undefined): CustomRulesSpec | undefined {
  if (!given(value)) {
    if (current?.rules === CUSTOM_RULES && current.customRules) return current.customRules;
    errors.custom_rules = [CUSTOM_RULES_REQUIRED];
    return undefined;
  }
  const parsed = parseCustomRulesSpec(value);
  if (parsed.ok) return parsed.value;
  Object.assign(errors, parsed.errors);
  return undefined;
}

/**
 * A contest definition from the API's fields. Without `current` (a create) a missing field takes
 * its default (name and times are required); with it (an update) a missing field keeps its value.
 */
export function parseContestInput(input: ContestInput, current?: ContestDefinition): Validated<ContestDefinition> {
  const errors: Errors = {};
  let name = current?.name ?? null;
  if (given(input.name) || !current) {
    const text = typeof input.name === 'string' ? input.name.trim().replace(/\s+/g, ' ') : '';
    name = text.length >= CONTEST_NAME_MIN && text.length <= CONTEST_NAME_MAX && isStorableText(text) ? text : null;
    if (name === null) errors.name = [m.CONTEST_NAME_INVALID];
  }
  const startsAt = given(input.starts_at) || !current ? time(errors, 'starts_at', input.starts_at, m.CONTEST_STARTS_AT_INVALID) : current.startsAt;
  const endsAt = given(input.ends_at) || !current ? time(errors, 'ends_at', input.ends_at, m.CONTEST_ENDS_AT_INVALID) : current.endsAt;
  const chosenModes = given(input.modes) ? modes(errors, input.modes) : (current?.modes ?? []);
  const points = given(input.points_per_contact)
    ? wholeNumber(errors, 'points_per_contact', input.points_per_contact, 1, CONTEST_MAX_POINTS, m.CONTEST_POINTS_INVALID)
    : (current?.pointsPerContact ?? DEFAULT_POINTS_PER_CONTACT);
  const duplicateRule = given(input.duplicate_rule)
    ? oneOf<DuplicateRule>(errors, 'duplicate_rule', input.duplicate_rule, DUPLICATE_RULES, m.CONTEST_DUPLICATE_RULE_INVALID)
    : (current?.duplicateRule ?? DEFAULT_DUPLICATE_RULE);
  const lateUploadHours = given(input.late_upload_hours)
    ? wholeNumber(errors, 'late_upload_hours', input.late_upload_hours, 0, CONTEST_MAX_LATE_UPLOAD_HOURS, m.CONTEST_LATE_UPLOAD_INVALID)
    : (current?.lateUploadHours ?? DEFAULT_LATE_UPLOAD_HOURS);
  const rules = given(input.rules) ? knownRules(errors, input.rules) : (current?.rules ?? '');
  // Custom rules sent with other rules are not kept: a contest has its own rules only with 'CUSTOM'.
  const customRules = rules === CUSTOM_RULES ? customRulesSpec(errors, input.custom_rules, current) : undefined;
  const repeat = given(input.repeat)
    ? oneOf<ContestRepeat>(errors, 'repeat', input.repeat, CONTEST_REPEATS, m.CONTEST_REPEAT_INVALID)
    : (current?.repeat ?? 'none');

  if (startsAt && endsAt) {
    const length = Date.parse(endsAt) - Date.parse(startsAt);
    if (length <= 0) errors.ends_at = [m.CONTEST_ENDS_BEFORE_START];
    else if (length > CONTEST_MAX_DAYS * 24 * HOUR_MS) errors.ends_at = [m.CONTEST_TOO_LONG];
    else if (repeat === 'daily' && length > 24 * HOUR_MS) errors.ends_at = [m.CONTEST_DAILY_TOO_LONG];
  }
  if (
    Object.keys(errors).length > 0 ||
    name === null || startsAt === null || endsAt === null || chosenModes === null ||
    points === null || duplicateRule === null || lateUploadHours === null || repeat === null || rules === null
  ) {
    return { ok: false, errors };
  }
  const definition: ContestDefinition = { name, startsAt, endsAt, modes: chosenModes, pointsPerContact: points, duplicateRule, lateUploadHours, repeat, rules, ...(customRules ? { customRules } : {}) };
  // Whatever the rules, a contest's are found the one way everything else looks them up.
  if (rules !== '' && contestRulesOf(definition) === null) return { ok: false, errors: { rules: [m.contestRulesUnknown(BUILT_IN_RULES.map((r) => r.cabrilloName))] } };
  return { ok: true, value: definition };
}
