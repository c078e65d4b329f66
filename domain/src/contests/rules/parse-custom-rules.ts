/**
 * Reading an organiser's own rules from the API's `custom_rules`: every problem under its field
 * ('custom_rules.exchange.2.label'), so the form shows each beside its input; the value comes back
 * normalised (trimmed, upper-cased codes, bands and modes in their usual order).
 */
import { isStorableText } from '../../storable-text';
import type { Validated } from '../../validated';
import { BUILT_IN_RULES } from './built-in-rules';
import * as t from './custom-rules-messages';
import {
  CUSTOM_BANDS,
  CUSTOM_LABEL_MAX,
  CUSTOM_MAX_EXCHANGE,
  CUSTOM_MAX_POINTS,
  CUSTOM_MAX_POINTS_ROWS,
  CUSTOM_MULTIPLIER_KINDS,
  CUSTOM_NAME_MAX,
  CUSTOM_OFF_TIME_MAX_BREAK_MINUTES,
  CUSTOM_OFF_TIME_MAX_HOURS,
  CUSTOM_RULES,
  EXCHANGE_KIND_LABELS,
  MODE_GROUP_LABELS,
  MULTIPLIER_KIND_LABELS,
  MULTIPLIER_NEEDS_FIELD,
  POINTS_MODES,
  RULE_SCOPES,
  type CustomExchangeField,
  type CustomMultiplier,
  type CustomOffTime,
  type CustomPoints,
  type CustomRulesSpec,
  type PointsModes,
} from './custom-rules-spec';
import { CABRILLO_MODES, EXCHANGE_KINDS, modeGroupOf, type CabrilloMode, type ExchangeKind } from './rules';

const FIELD = 'custom_rules';
const CABRILLO_NAME = /^[A-Z0-9][A-Z0-9-]*$/;

type Errors = Record<string, string[]>;
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems are collected per field; the first one per field is what the form shows. */
class Problems {
  readonly errors: Errors = {};
  add(path: string, message: string): null {
    (this.errors[`${FIELD}.${path}`] ??= []).push(message);
    return null;
  }
}

function text(problems: Problems, path: string, value: unknown, max: number, message: string): string | null {
  const trimmed = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
  return trimmed.length >= 1 && trimmed.length <= max && isStorableText(trimmed) ? trimmed : problems.add(path, message);
}

function oneOf<T extends string>(problems: Problems, path: string, value: unknown, allowed: readonly T[], message: string): T | null {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : problems.add(path, message);
}

/** Chosen values of a known list, in the list's order; at least one. */
function subset<T extends string>(problems: Problems, path: string, value: unknown, allowed: readonly T[], message: string): T[] | null {
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => (allowed as readonly unknown[]).includes(item))) return problems.add(path, message);
  return allowed.filter((item) => value.includes(item));
}

function cabrilloName(problems: Problems, value: unknown): string | null {
  const name = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (name.length < 1 || name.length > CUSTOM_NAME_MAX || !CABRILLO_NAME.test(name)) return problems.add('cabrillo_name', t.CUSTOM_CABRILLO_NAME_INVALID);
  if (name === CUSTOM_RULES || BUILT_IN_RULES.some((rules) => rules.cabrilloName === name)) return problems.add('cabrillo_name', t.customCabrilloNameTaken(name));
  return name;
}

function exchange(problems: Problems, value: unknown): CustomExchangeField[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > CUSTOM_MAX_EXCHANGE) return problems.add('exchange', t.CUSTOM_EXCHANGE_COUNT);
  const seen = new Set<ExchangeKind>();
  const fields = value.map((item: unknown, i): CustomExchangeField | null => {
    const field = isObject(item) ? item : {};
    const kind = oneOf(problems, `exchange.${i}.kind`, field.kind, EXCHANGE_KINDS, t.CUSTOM_EXCHANGE_KIND_INVALID);
    if (kind !== null && seen.has(kind)) return problems.add(`exchange.${i}.kind`, t.customExchangeKindTwice(EXCHANGE_KIND_LABELS[kind]));
    if (kind !== null) seen.add(kind);
    // No label given: the kind's own.
    const label = field.label === undefined || field.label === '' ? (kind && EXCHANGE_KIND_LABELS[kind]) : text(problems, `exchange.${i}.label`, field.label, CUSTOM_LABEL_MAX, t.CUSTOM_EXCHANGE_LABEL_INVALID);
    return kind && label ? { kind, label } : null;
  });
  return fields.every((field) => field !== null) ? fields : null;
}

/** A whole number from min to max (a string of digits too: the form sends what was typed). */
function wholeNumber(problems: Problems, path: string, value: unknown, min: number, max: number, message: string): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max ? n : problems.add(path, message);
}

const pointValue = (problems: Problems, path: string, value: unknown): number | null => wholeNumber(problems, path, value, 0, CUSTOM_MAX_POINTS, t.CUSTOM_POINTS_INVALID);

/**
 * Rows for every mode, or per mode group of the contest's modes (not both); each group's row
 * without bands at most once. Rows are tried in order, so a row's bands must not have points from
 * an earlier row of its group, and every band of every mode group must get points from some row.
 */
function points(problems: Problems, value: unknown, modes: readonly CabrilloMode[] | null, bands: readonly string[] | null): CustomPoints[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > CUSTOM_MAX_POINTS_ROWS) return problems.add('points', t.CUSTOM_POINTS_ROWS);
  const rows = value.map((item: unknown, i): CustomPoints | null => {
    const row = isObject(item) ? item : {};
    const group = oneOf(problems, `points.${i}.modes`, row.modes ?? 'all', POINTS_MODES, t.CUSTOM_POINTS_MODES_INVALID);
    const rowBands = row.bands === undefined ? undefined : subset(problems, `points.${i}.bands`, row.bands, bands ?? CUSTOM_BANDS, t.CUSTOM_POINTS_BANDS_INVALID);
    const sameCountry = pointValue(problems, `points.${i}.same_country`, row.same_country);
    const sameContinent = pointValue(problems, `points.${i}.same_continent`, row.same_continent);
    const otherContinent = pointValue(problems, `points.${i}.other_continent`, row.other_continent);
    if (group === null || rowBands === null || sameCountry === null || sameContinent === null || otherContinent === null) return null;
    return { modes: group, ...(rowBands ? { bands: rowBands } : {}), same_country: sameCountry, same_continent: sameContinent, other_continent: otherContinent };
  });
  if (!rows.every((row) => row !== null)) return null;
  const groups = rows.map((row) => row.modes);
  const everyBand = rows.filter((row) => row.bands === undefined).map((row) => row.modes);
  if (new Set(everyBand).size !== everyBand.length || (groups.includes('all') && groups.some((group) => group !== 'all'))) return problems.add('points', t.CUSTOM_POINTS_ROWS);
  if (modes === null || bands === null) return rows;
  const used = new Set(modes.map(modeGroupOf));
  if (groups[0] !== 'all') {
    const missing = [...used].find((group) => !groups.includes(group));
    if (missing) return problems.add('points', t.customPointsModeMissing(MODE_GROUP_LABELS[missing]));
    const unused = rows.findIndex((row) => row.modes !== 'all' && !used.has(row.modes));
    if (unused >= 0) return problems.add(`points.${unused}.modes`, t.customPointsModeUnused(MODE_GROUP_LABELS[rows[unused]!.modes]));
  }
  return bandsCovered(problems, rows, bands, groups[0] === 'all' ? ['all'] : [...used]) ? rows : null;
}

/** Whether each group gets its points on each band from exactly the first row that fits (see points). */
function bandsCovered(problems: Problems, rows: readonly CustomPoints[], bands: readonly string[], groups: readonly PointsModes[]): boolean {
  const covered = new Set<string>();
  const key = (group: PointsModes, band: string) => `${group} ${band}`;
  for (const [i, row] of rows.entries()) {
    const taken = row.bands?.filter((band) => covered.has(key(row.modes, band))) ?? [];
    if (taken.length > 0) {
      problems.add(`points.${i}.bands`, t.customPointsBandsTaken(taken));
      return false;
    }
    for (const band of row.bands ?? bands) covered.add(key(row.modes, band));
  }
  for (const group of groups) {
    const missing = bands.filter((band) => !covered.has(key(group, band)));
    if (missing.length > 0) {
      problems.add('points', t.customPointsBandsMissing(missing, group === 'all' ? null : MODE_GROUP_LABELS[group]));
      return false;
    }
  }
  return true;
}

/** Single operators' off time: absent for no limit. */
function offTime(problems: Problems, value: unknown): CustomOffTime | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return problems.add('off_time', t.CUSTOM_OFF_TIME_INVALID);
  const maxHours = wholeNumber(problems, 'off_time.max_hours', value.max_hours, 1, CUSTOM_OFF_TIME_MAX_HOURS, t.CUSTOM_OFF_TIME_HOURS_INVALID);
  const minBreak = wholeNumber(problems, 'off_time.min_break_minutes', value.min_break_minutes, 1, CUSTOM_OFF_TIME_MAX_BREAK_MINUTES, t.CUSTOM_OFF_TIME_BREAK_INVALID);
  return maxHours === null || minBreak === null ? null : { max_hours: maxHours, min_break_minutes: minBreak };
}

function multipliers(problems: Problems, value: unknown, fields: readonly CustomExchangeField[] | null): CustomMultiplier[] | null {
  if (!Array.isArray(value) || value.length > CUSTOM_MULTIPLIER_KINDS.length) return problems.add('multipliers', t.CUSTOM_MULTIPLIERS_INVALID);
  const seen = new Set<string>();
  const chosen = value.map((item: unknown, i): CustomMultiplier | null => {
    const rule = isObject(item) ? item : {};
    const kind = oneOf(problems, `multipliers.${i}.kind`, rule.kind, CUSTOM_MULTIPLIER_KINDS, t.CUSTOM_MULTIPLIER_KIND_INVALID);
    const per = oneOf(problems, `multipliers.${i}.per`, rule.per, RULE_SCOPES, t.CUSTOM_SCOPE_INVALID);
    if (kind === null || per === null) return null;
    const label = MULTIPLIER_KIND_LABELS[kind];
    if (seen.has(kind)) return problems.add(`multipliers.${i}.kind`, t.customMultiplierTwice(label));
    seen.add(kind);
    const needs = MULTIPLIER_NEEDS_FIELD[kind];
    if (needs && fields && !fields.some((field) => field.kind === needs)) return problems.add(`multipliers.${i}.kind`, t.customMultiplierNeedsField(label, EXCHANGE_KIND_LABELS[needs]));
    return { kind, per };
  });
  return chosen.every((rule) => rule !== null) ? chosen : null;
}

/** An organiser's rules from the API's `custom_rules`, or the problems by field ('custom_rules.points.0.same_country'). */
export function parseCustomRulesSpec(input: unknown): Validated<CustomRulesSpec> {
  if (!isObject(input)) return { ok: false, errors: { [FIELD]: [t.CUSTOM_RULES_NOT_OBJECT] } };
  const problems = new Problems();
  const name = text(problems, 'name', input.name, CUSTOM_NAME_MAX, t.CUSTOM_NAME_INVALID);
  const cabrillo = cabrilloName(problems, input.cabrillo_name);
  const bands = subset(problems, 'bands', input.bands, CUSTOM_BANDS, t.CUSTOM_BANDS_INVALID);
  const modes = subset(problems, 'modes', input.modes, CABRILLO_MODES, t.CUSTOM_MODES_INVALID);
  const fields = exchange(problems, input.exchange);
  const pointRows = points(problems, input.points, modes, bands);
  const chosen = multipliers(problems, input.multipliers ?? [], fields);
  const dupes = oneOf(problems, 'dupes', input.dupes, RULE_SCOPES, t.CUSTOM_DUPES_INVALID);
  const offTimeRule = offTime(problems, input.off_time);
  if (name === null || cabrillo === null || bands === null || modes === null || fields === null || pointRows === null || chosen === null || dupes === null || offTimeRule === null) {
    return { ok: false, errors: problems.errors };
  }
  return {
    ok: true,
    value: { name, cabrillo_name: cabrillo, bands, modes, exchange: fields, points: pointRows, multipliers: chosen, dupes, ...(offTimeRule ? { off_time: offTimeRule } : {}) },
  };
}
