/**
 * An organiser's own rules as the scorer's `ContestRules` (issue 23), and the one place a contest's
 * rules are looked up: `contestRulesOf` (built-in by Cabrillo name, an organiser's own spec, or
 * none for the simple points-per-contact rules).
 */
import type { Validated } from '../../validated';
import { builtInRules, contestCategories } from './built-in-rules';
import { CABRILLO_BAND_CATEGORY, CUSTOM_RULES, MULTIPLIER_KIND_LABELS, type CustomOffTime, type CustomPoints, type CustomPointsRelation, type CustomRulesSpec } from './custom-rules-spec';
import { parseCustomRulesSpec } from './parse-custom-rules';
import type { CabrilloMode, ContestRules, OffTimeRule, PointRule, Relation } from './rules';

/** Cabrillo's CATEGORY-MODE of each mode. */
const MODE_CATEGORY: Readonly<Record<CabrilloMode, string>> = { CW: 'CW', PH: 'SSB', FM: 'FM', RY: 'RTTY', DG: 'DIGI' };

const RELATIONS: readonly [Relation, CustomPointsRelation][] = [
  ['same-country', 'same_country'],
  ['same-continent', 'same_continent'],
  ['other-continent', 'other_continent'],
];

/** A row of points as the scorer's rules, one per relation, in the row's order (tried in order). */
const pointRules = (row: CustomPoints): PointRule[] =>
  RELATIONS.map(([relation, key]) => ({ relation, ...(row.modes === 'all' ? {} : { modes: [row.modes] }), ...(row.bands ? { bands: row.bands } : {}), points: row[key] }));

/** The off time applies to single operators, as the built-in rules' (CQ WPX) does. */
const offTimeRules = (offTime: CustomOffTime): OffTimeRule[] => [{ operator: 'SINGLE-OP', maxHours: offTime.max_hours, minBreakMinutes: offTime.min_break_minutes }];

/** A valid spec (parseCustomRulesSpec's value) as rules the scorer, the cross-check and Cabrillo read. */
export function rulesFromSpec(spec: CustomRulesSpec): ContestRules {
  const modeCategories = spec.modes.map((mode) => MODE_CATEGORY[mode]);
  const bandCategories = spec.bands.map((band) => CABRILLO_BAND_CATEGORY[band as keyof typeof CABRILLO_BAND_CATEGORY] ?? band.toUpperCase());
  return {
    cabrilloName: spec.cabrillo_name,
    name: spec.name,
    modes: spec.modes,
    bands: spec.bands,
    exchange: [{ from: 'any', fields: spec.exchange.map((field) => ({ id: field.kind, kind: field.kind, label: field.label })) }],
    whoMayWork: 'anyone',
    points: spec.points.flatMap(pointRules),
    multipliers: spec.multipliers.map((rule) => ({ kind: rule.kind, per: rule.per, label: MULTIPLIER_KIND_LABELS[rule.kind] })),
    dupes: spec.dupes,
    categories: contestCategories([...new Set([...modeCategories, ...(modeCategories.length > 1 ? ['MIXED'] : [])])], [], ['ALL', ...new Set(bandCategories)]),
    ...(spec.off_time ? { offTime: offTimeRules(spec.off_time) } : {}),
  };
}

/** An organiser's rules from the API's `custom_rules`: the scorer's rules, or the problems by field. */
export function customRules(input: unknown): Validated<ContestRules> {
  const spec = parseCustomRulesSpec(input);
  return spec.ok ? { ok: true, value: rulesFromSpec(spec.value) } : spec;
}

/**
 * A contest's rules: the built-in ones it names, its organiser's own (`rules: 'CUSTOM'` with the
 * spec), or null for the simple rules (points per contact and the duplicate rule).
 */
export function contestRulesOf(contest: { rules?: string; customRules?: CustomRulesSpec }): ContestRules | null {
  if (!contest.rules) return null;
  if (contest.rules === CUSTOM_RULES) return contest.customRules ? rulesFromSpec(contest.customRules) : null;
  return builtInRules(contest.rules);
}
