/**
 * The custom rules builder's form (issue 23): the organiser's own rules as the inputs hold them
 * (points as typed), and as POST /vcontest/create and /vcontest/update take them (`custom_rules`).
 * The server checks them (domain/src/contests/rules/parse-custom-rules.ts); its messages come back
 * by path ('custom_rules.exchange.2.label'), the inputs carry the same paths as their names.
 */
import {
  CUSTOM_MULTIPLIER_KINDS,
  newCustomRulesSpec,
  POINTS_MODES,
  type CustomExchangeField,
  type CustomMultiplier,
  type CustomRulesSpec,
  type PointsModes,
} from '@hamlog/domain/contests/rules/custom-rules-spec';
import { modeGroupOf, type CabrilloMode, type ContestModeGroup, type DupeScope } from '@hamlog/domain/contests/rules/rules';

export interface PointsText {
  same_country: string;
  same_continent: string;
  other_continent: string;
}

export const RELATION_FIELDS = [
  ['same_country', 'Same country'],
  ['same_continent', 'Same continent'],
  ['other_continent', 'Other continent'],
] as const satisfies readonly (readonly [keyof PointsText, string])[];

export interface CustomRulesForm {
  name: string;
  cabrillo_name: string;
  bands: string[];
  modes: CabrilloMode[];
  exchange: CustomExchangeField[];
  /** Points per mode group (CW, phone, digital) rather than one set for every mode. */
  per_mode_points: boolean;
  /** The values of every row, kept when the organiser switches between one set and per mode. */
  points: Record<PointsModes, PointsText>;
  multipliers: CustomMultiplier[];
  dupes: DupeScope;
}

/** What custom_rules sends: the spec with points as typed (the server reads whole numbers). */
export type CustomRulesPayload = Omit<CustomRulesSpec, 'points'> & { points: ({ modes: PointsModes } & PointsText)[] };

const pointsText = (row: CustomRulesSpec['points'][number]): PointsText => ({
  same_country: String(row.same_country),
  same_continent: String(row.same_continent),
  other_continent: String(row.other_continent),
});

/** The form filled with a contest's spec, or a club sprint's for a new one. */
export function customRulesForm(spec: CustomRulesSpec = newCustomRulesSpec()): CustomRulesForm {
  const first = spec.points[0] ?? { modes: 'all', same_country: 1, same_continent: 1, other_continent: 1 };
  const points = Object.fromEntries(POINTS_MODES.map((group) => [group, pointsText(spec.points.find((row) => row.modes === group) ?? first)])) as Record<PointsModes, PointsText>;
  return {
    name: spec.name,
    cabrillo_name: spec.cabrillo_name,
    bands: [...spec.bands],
    modes: [...spec.modes],
    exchange: spec.exchange.map((field) => ({ ...field })),
    per_mode_points: first.modes !== 'all',
    points,
    multipliers: spec.multipliers.map((rule) => ({ ...rule })),
    dupes: spec.dupes,
  };
}

/** The mode groups of the chosen modes, in the usual order. */
export function modeGroupsOf(modes: readonly CabrilloMode[]): ContestModeGroup[] {
  const used = new Set(modes.map(modeGroupOf));
  return (['CW', 'PH', 'DG'] as const).filter((group) => used.has(group));
}

/** The points rows the form shows and sends, in order: one for every mode, or one per mode group. */
export function pointsRows(form: Pick<CustomRulesForm, 'per_mode_points' | 'modes'>): PointsModes[] {
  return form.per_mode_points ? modeGroupsOf(form.modes) : ['all'];
}

/** The multipliers in a fixed order (the kinds' own), so the server's paths match the rows shown. */
export const orderedMultipliers = (multipliers: readonly CustomMultiplier[]): CustomMultiplier[] =>
  CUSTOM_MULTIPLIER_KINDS.flatMap((kind) => multipliers.filter((rule) => rule.kind === kind));

/** custom_rules as sent, its keys always in the same order (so an unchanged spec compares equal). */
export function customRulesPayload(form: CustomRulesForm): CustomRulesPayload {
  return {
    name: form.name.trim(),
    cabrillo_name: form.cabrillo_name.trim().toUpperCase(),
    bands: [...form.bands],
    modes: [...form.modes],
    exchange: form.exchange.map((field) => ({ kind: field.kind, label: field.label.trim() })),
    points: pointsRows(form).map((group) => {
      const row = form.points[group];
      return { modes: group, same_country: row.same_country.trim(), same_continent: row.same_continent.trim(), other_continent: row.other_continent.trim() };
    }),
    multipliers: orderedMultipliers(form.multipliers).map((rule) => ({ kind: rule.kind, per: rule.per })),
    dupes: form.dupes,
  };
}

/** A list with one item moved by `by` places (up: -1), kept in bounds. */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Ticks or unticks a value of a checkbox group, keeping the list in `order`. */
export function toggled<T extends string>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  return order.filter((item) => (item === value ? on : list.includes(item)));
}
