/** The contest form: what the organiser types, and what POST /vcontest/create and /vcontest/update take. */
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import { DEFAULT_DUPLICATE_RULE, DEFAULT_LATE_UPLOAD_HOURS, DEFAULT_POINTS_PER_CONTACT } from '@hamlog/domain/contests/contest';
import { BUILT_IN_RULES } from '@hamlog/domain/contests/rules/built-in-rules';
import { CUSTOM_RULES } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { customRulesForm, customRulesPayload, type CustomRulesForm, type CustomRulesPayload } from './custom-rules-form';

export interface ContestFormValues {
  name: string;
  /** 'YYYY-MM-DDTHH:mm' in UTC, as a datetime-local input holds it. */
  starts_at: string;
  ends_at: string;
  /** ADIF modes or sub-modes separated by commas or spaces; empty: every mode. */
  modes: string;
  points_per_contact: string;
  duplicate_rule: ContestSummary['duplicate_rule'];
  late_upload_hours: string;
  repeat: ContestSummary['repeat'];
  /** A real contest's rules by Cabrillo name, 'CUSTOM' for the organiser's own, '' for the simple rules. */
  rules: string;
  /** The custom rules builder (sent with rules 'CUSTOM' only). */
  custom_rules: CustomRulesForm;
}

export type ContestField = Exclude<keyof ContestFormValues, 'custom_rules'>;
export const CONTEST_FIELDS: readonly ContestField[] = ['name', 'starts_at', 'ends_at', 'repeat', 'rules', 'modes', 'points_per_contact', 'duplicate_rule', 'late_upload_hours'];

/**
 * The API's fields: the times in ISO 8601 UTC, the modes as a list; numbers go as typed (the server
 * checks them). Modes, points and duplicates only with the simple rules: real rules decide those
 * themselves (a create without them takes the defaults, an update keeps the contest's).
 */
export interface ContestPayload {
  name: string;
  starts_at: string;
  ends_at: string;
  modes?: string[];
  points_per_contact?: string;
  duplicate_rule?: ContestSummary['duplicate_rule'];
  late_upload_hours: string;
  repeat: ContestSummary['repeat'];
  rules: string;
  custom_rules?: CustomRulesPayload;
}

/** `rules` of the simple rules: points per contact, the contest's modes and the duplicate rule. */
export const SIMPLE_RULES = '';

/** Whether the form shows (and sends) the simple rules' modes, points and duplicates. */
export const usesSimpleRules = (values: Pick<ContestFormValues, 'rules'>): boolean => values.rules === SIMPLE_RULES;

/** The rules a contest can be scored by: the simple ones, a real contest's, or the organiser's own. */
export const RULES_OPTIONS: readonly { value: string; label: string }[] = [
  { value: SIMPLE_RULES, label: 'Simple: points per contact and the duplicate rule below' },
  ...BUILT_IN_RULES.map((rules) => ({ value: rules.cabrilloName, label: `${rules.name} (${rules.cabrilloName})` })),
  { value: CUSTOM_RULES, label: 'Custom rules: build them from the pieces below' },
];

export const DUPLICATE_RULE_OPTIONS: readonly { value: ContestSummary['duplicate_rule']; label: string }[] = [
  { value: 'call', label: 'Each station once, whatever the band' },
  { value: 'call-band', label: 'Each station once per band' },
  { value: 'none', label: 'Every contact counts' },
];

export const REPEAT_OPTIONS: readonly { value: ContestSummary['repeat']; label: string }[] = [
  { value: 'none', label: 'Once' },
  { value: 'daily', label: 'Every day at the same times' },
];

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DDTHH:mm' of an instant, in UTC. */
const utcMinute = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;

/** A new contest: starting at the next whole hour, for four hours, with the default rules. */
export function newContestValues(now: Date): ContestFormValues {
  const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
  return {
    name: '',
    starts_at: utcMinute(start),
    ends_at: utcMinute(new Date(start.getTime() + 4 * 3_600_000)),
    modes: '',
    points_per_contact: String(DEFAULT_POINTS_PER_CONTACT),
    duplicate_rule: DEFAULT_DUPLICATE_RULE,
    late_upload_hours: String(DEFAULT_LATE_UPLOAD_HOURS),
    repeat: 'none',
    rules: SIMPLE_RULES,
    custom_rules: customRulesForm(),
  };
}

/** The form filled with a contest's rules (a daily contest shows the occurrence the API answered). */
export function contestFormValues(contest: ContestSummary): ContestFormValues {
  const minute = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : utcMinute(new Date(iso)));
  return {
    name: contest.name,
    starts_at: minute(contest.starts_at),
    ends_at: minute(contest.ends_at),
    modes: contest.modes.join(', '),
    points_per_contact: String(contest.points_per_contact),
    duplicate_rule: contest.duplicate_rule,
    late_upload_hours: String(contest.late_upload_hours),
    repeat: contest.repeat,
    rules: contest.rules,
    custom_rules: customRulesForm(contest.custom_rules),
  };
}

/** A datetime-local value ('2024-11-02T09:00', seconds optional) as ISO 8601 UTC; anything else as typed, for the server to refuse. */
export function utcTime(value: string): string {
  const trimmed = value.trim();
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed) ? `${trimmed.length === 16 ? `${trimmed}:00` : trimmed}Z` : trimmed;
}

export function contestPayload(values: ContestFormValues): ContestPayload {
  return {
    name: values.name.trim(),
    starts_at: utcTime(values.starts_at),
    ends_at: utcTime(values.ends_at),
    ...(usesSimpleRules(values)
      ? {
          modes: values.modes.split(/[\s,]+/).map((mode) => mode.trim().toUpperCase()).filter(Boolean),
          points_per_contact: values.points_per_contact.trim(),
          duplicate_rule: values.duplicate_rule,
        }
      : {}),
    late_upload_hours: values.late_upload_hours.trim(),
    repeat: values.repeat,
    rules: values.rules,
    ...(values.rules === CUSTOM_RULES ? { custom_rules: customRulesPayload(values.custom_rules) } : {}),
  };
}

/** Only what the organiser changed: an update keeps every field it is not sent. */
export function changedPayload(before: ContestFormValues, after: ContestFormValues): Partial<ContestPayload> {
  const was = contestPayload(before);
  const now = contestPayload(after);
  const changed: Partial<Record<keyof ContestPayload, unknown>> = {};
  for (const field of Object.keys(now) as (keyof ContestPayload)[]) {
    if (JSON.stringify(now[field]) !== JSON.stringify(was[field])) changed[field] = now[field];
  }
  return changed as Partial<ContestPayload>;
}

/**
 * The server's 422 errors by form field; the custom rules' by their path ('custom_rules.bands'),
 * for the builder; messages for other fields (none expected) go under the form.
 */
export function contestFieldErrors(errors: Record<string, string[]> | undefined): { fields: Partial<Record<ContestField, string>>; custom: Record<string, string>; other: string[] } {
  const fields: Partial<Record<ContestField, string>> = {};
  const custom: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if ((CONTEST_FIELDS as readonly string[]).includes(field)) fields[field as ContestField] = message;
    else if (field === 'custom_rules' || field.startsWith('custom_rules.')) custom[field] = message;
    else other.push(message);
  }
  return { fields, custom, other };
}
