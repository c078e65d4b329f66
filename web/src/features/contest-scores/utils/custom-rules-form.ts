/**
 * The custom rules builder's form (issue 23): the organiser's own rules as the inputs hold them
 * (points as typed), and as POST /vcontest/create and /vcontest/update take them (`custom_rules`).
 * The server checks them (domain/src/contests/rules/parse-custom-rules.ts); its messages come back
 * by path ('custom_rules.exchange.2.label'), the inputs carry the same paths as their names.
 */
import {
  CUSTOM_BANDS,
  CUSTOM_MULTIPLIER_KINDS,
  newCustomRulesSpec,
  POINTS_MODES,
  type CustomExchangeField,
  type CustomMultiplier,
  type CustomPoints,
  type CustomPointsRelation,
  type CustomRulesSpec,
  type PointsModes,
} from '@hamlog/domain/contests/rules/custom-rules-spec';
import { modeGroupOf, type CabrilloMode, type ContestModeGroup, type DupeScope } from '@hamlog/domain/contests/rules/rules';

export type PointsText = Record<CustomPointsRelation, string>;

/** A row of points for some bands (tried before its mode group's row for the other bands). */
export interface BandPointsText extends PointsText {
  bands: string[];
}

/** Single operators' off-time limit as the inputs hold it. */
export interface OffTimeText {
  max_hours: string;
  min_break_minutes: string;
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
  /** The values of every row for the other bands, kept when the organiser switches between one set and per mode. */
  points: Record<PointsModes, PointsText>;
  /** Each group's rows for some bands (tried before its row above), kept the same way. */
  band_points: Record<PointsModes, BandPointsText[]>;
  multipliers: CustomMultiplier[];
  dupes: DupeScope;
  /** Whether single operators have an off-time limit; its values are kept while it is off. */
  off_time_limit: boolean;
  off_time: OffTimeText;
}

/** A row of points as sent: its values as typed (the server reads whole numbers). */
export type PointsPayload = { modes: PointsModes; bands?: string[] } & PointsText;

/** What custom_rules sends: the spec with numbers as typed. */
export type CustomRulesPayload = Omit<CustomRulesSpec, 'points' | 'off_time'> & { points: PointsPayload[]; off_time?: OffTimeText };

const pointsText = (row: CustomPoints): PointsText => ({
  same_country: String(row.same_country),
  same_continent: String(row.same_continent),
  other_continent: String(row.other_continent),
});

/** An off time to start from when the organiser ticks it: CQ WW Classic's (24 hours, breaks of 60 minutes). */
const NEW_OFF_TIME: OffTimeText = { max_hours: '24', min_break_minutes: '60' };

const byGroup = <T>(value: (group: PointsModes) => T): Record<PointsModes, T> => Object.fromEntries(POINTS_MODES.map((group) => [group, value(group)])) as Record<PointsModes, T>;

/** The form filled with a contest's spec, or a club sprint's for a new one. */
export function customRulesForm(spec: CustomRulesSpec = newCustomRulesSpec()): CustomRulesForm {
  const everyBand = spec.points.filter((row) => row.bands === undefined);
  const first = everyBand[0] ?? spec.points[0] ?? { modes: 'all', same_country: 1, same_continent: 1, other_continent: 1 };
  return {
    name: spec.name,
    cabrillo_name: spec.cabrillo_name,
    bands: [...spec.bands],
    modes: [...spec.modes],
    exchange: spec.exchange.map((field) => ({ ...field })),
    per_mode_points: first.modes !== 'all',
    points: byGroup((group) => pointsText(everyBand.find((row) => row.modes === group) ?? first)),
    band_points: byGroup((group) => spec.points.flatMap((row) => (row.modes === group && row.bands ? [{ bands: [...row.bands], ...pointsText(row) }] : []))),
    multipliers: spec.multipliers.map((rule) => ({ ...rule })),
    dupes: spec.dupes,
    off_time_limit: spec.off_time !== undefined,
    off_time: spec.off_time ? { max_hours: String(spec.off_time.max_hours), min_break_minutes: String(spec.off_time.min_break_minutes) } : NEW_OFF_TIME,
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

/** A points row as sent: a mode group's row for some bands (`band`: its index), or its row for the other bands (null). */
export interface SentPointsRow {
  group: PointsModes;
  band: number | null;
}

/** The points rows in the order they are sent and tried (the server's paths count them so): each group's band rows, then its row for the other bands. */
export function sentPointsRows(form: Pick<CustomRulesForm, 'per_mode_points' | 'modes' | 'band_points'>): SentPointsRow[] {
  return pointsRows(form).flatMap((group) => [...form.band_points[group].map((_, band) => ({ group, band })), { group, band: null }]);
}

const trimmedPoints = (row: PointsText): PointsText => ({ same_country: row.same_country.trim(), same_continent: row.same_continent.trim(), other_continent: row.other_continent.trim() });

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
    points: sentPointsRows(form).map(({ group, band }): PointsPayload => {
      if (band === null) return { modes: group, ...trimmedPoints(form.points[group]) };
      const row = form.band_points[group][band]!;
      // The row's ticks among the contest's bands (the only ones it shows), in their order.
      return { modes: group, bands: CUSTOM_BANDS.filter((b) => row.bands.includes(b) && form.bands.includes(b)), ...trimmedPoints(row) };
    }),
    multipliers: orderedMultipliers(form.multipliers).map((rule) => ({ kind: rule.kind, per: rule.per })),
    dupes: form.dupes,
    ...(form.off_time_limit ? { off_time: { max_hours: form.off_time.max_hours.trim(), min_break_minutes: form.off_time.min_break_minutes.trim() } } : {}),
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
