/**
 * A station's log in a contest scored by real rules: its QSOs in the contest's window read as
 * contest entries (exchange-adif.ts), the claimed score, and per contact its points, what it
 * multiplied, or why it does not count. GET /api/vcontest/{id}/log answers it; the Cabrillo export
 * is written from it.
 */
import type { ContestSummary } from '../../community/api-shapes';
import type { CallsignLocation } from '../../dxcc/index';
import type { QsoFields } from '../../qso/fields';
import type { Validated } from '../../validated';
import { contestEntries } from './exchange-adif';
import { CATEGORY_FIELDS, contestCategoryRefused, type CheckedEntry, type ContestLogAnswer, type ContestLogQso } from './api';
import type { ContestRules, StationCategory } from './rules';
import { hitText, scoreContestLog } from './scorer';
import { contestLocationOf } from './station';

/** The most QSOs one station's contest log holds (a multi-multi station's 48 hours are about 10,000). */
export const CONTEST_LOG_MAX_QSOS = 50_000;

/**
 * The station's category from a request's values: each must be one the contest lists (case does
 * not matter); a missing one takes the contest's first (SINGLE-OP, ASSISTED ...), or '' where it
 * lists none (the overlay: none). Answers the field names refused.
 */
export function stationCategory(rules: Pick<ContestRules, 'categories'>, input: Partial<Record<string, unknown>>): { category: StationCategory; refused: string[] } {
  const category = {} as StationCategory;
  const refused: string[] = [];
  for (const field of CATEGORY_FIELDS) {
    const allowed = rules.categories[field];
    const raw = input[field];
    const value = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
    if (value !== '' && !allowed.includes(value)) refused.push(field);
    // An overlay is something a station enters; every other category has a first value to stand in.
    const fallback = field === 'overlay' ? '' : (allowed[0] ?? '');
    category[field] = value !== '' && allowed.includes(value) ? value : fallback;
  }
  return { category, refused };
}

/** The station's category from a request's values, or each refused field with the values the contest lists (422). */
export function parseStationCategory(rules: Pick<ContestRules, 'categories'>, input: Partial<Record<string, unknown>>): Validated<StationCategory> {
  const { category, refused } = stationCategory(rules, input);
  if (refused.length === 0) return { ok: true, value: category };
  return { ok: false, errors: Object.fromEntries(refused.map((field) => [field, [contestCategoryRefused(field, rules.categories[field as keyof StationCategory])]])) };
}

/** The category fields a request names (the board's filter: only those). */
export const namedCategoryFields = (input: Partial<Record<string, unknown>>): (keyof StationCategory)[] =>
  CATEGORY_FIELDS.filter((field) => typeof input[field] === 'string' && input[field] !== '');

const checkOf = (checked: CheckedEntry | undefined): ContestLogQso['check'] =>
  checked ? { verdict: checked.verdict, reason: checked.reason, ...(checked.correction === undefined ? {} : { correction: checked.correction }) } : null;

/** The station's QSOs (any order) scored as its log in the contest. */
export function contestLog(
  contest: ContestSummary,
  rules: ContestRules,
  station: { call: string; location?: CallsignLocation; category: StationCategory },
  qsos: readonly { qdoId: string; fields: QsoFields }[],
  /** The cross-check's findings by QSO id (the board's), when there has been one. */
  checks?: ReadonlyMap<string, CheckedEntry>,
): ContestLogAnswer {
  const location = station.location ?? contestLocationOf(station.call);
  const { entries, leftOut } = contestEntries(rules, location, qsos);
  const tsById = new Map(qsos.map((qso) => [qso.qdoId, qso.fields.ts]));
  const { score, qsos: scored } = scoreContestLog(rules, { call: station.call, location, category: station.category }, entries);
  const entryById = new Map(entries.map((e) => [e.id, e]));
  return {
    contest,
    rules: { cabrillo_name: rules.cabrilloName, name: rules.name, bands: rules.bands, modes: rules.modes, exchange: rules.exchange, categories: rules.categories },
    station: { call: station.call, category: station.category },
    score,
    qsos: scored.map((s) => {
      const entry = entryById.get(s.id)!;
      return {
        qdo_id: s.id,
        ts: tsById.get(s.id)!,
        call: entry.call,
        band: entry.band,
        mode: entry.mode,
        freq_khz: entry.freqKhz && entry.freqKhz > 0 ? entry.freqKhz : null,
        sent: { ...entry.sent },
        received: { ...entry.received },
        points: s.points,
        counts: s.counts,
        dupe: s.dupe,
        problem: s.problem,
        new_multipliers: s.newMultipliers.map(hitText),
        check: checkOf(checks?.get(s.id)),
      };
    }),
    left_out: leftOut,
  };
}

