/**
 * The logger's question before Enter, answered on the server where the scoring data is: would this
 * contact be a dupe, what would it score, which multipliers would be new, which serial number goes
 * out next, and the station's rate and claimed score so far.
 */
import { bandForFrequencyKhz, normaliseBandName } from '../../bands';
import type { ContestSummary } from '../../community/api-shapes';
import { normaliseCallsign, type CallsignLocation } from '../../dxcc/index';
import { isKnownMode, parentModeOf } from '../../modes';
import type { QsoFields } from '../../qso/fields';
import { parseUtcTimestamp } from '../../time';
import type { Validated } from '../../validated';
import {
  CONTEST_CHECK_BAND_INVALID,
  CONTEST_CHECK_CALL_INVALID,
  CONTEST_CHECK_MODE_INVALID,
  CONTEST_CHECK_OUTSIDE,
  CONTEST_CHECK_TS_INVALID,
  type ContestCheckAnswer,
  type ContestCheckInput,
  type ContestLoggerAnswer,
  type ContestStationFigures,
} from './api';
import { cabrilloModeOf, contestEntries } from './exchange-adif';
import { CABRILLO_MODES, type CabrilloMode, type ContestEntry, type ContestRules, type ExchangeField, type StationCategory } from './rules';
import { countWithin, scoreFigures } from './score-figures';
import { ContestScorer, hitText } from './scorer';
import { allExchangeFields, contestLocationOf, exchangeFieldsFor, stationGroupOf } from './station';

/** The contact as an entry (at `now`), or the fields refused. */
export function parseContestCheck(input: ContestCheckInput, now: Date): Validated<ContestEntry> {
  const errors: Record<string, string[]> = {};
  const call = typeof input.call === 'string' ? normaliseCallsign(input.call) : null;
  if (call === null || !/\d/.test(call)) errors.call = [CONTEST_CHECK_CALL_INVALID];
  const khz = typeof input.freq_khz === 'number' || typeof input.freq_khz === 'string' ? Number(input.freq_khz) : NaN;
  const band = typeof input.band === 'string' && input.band.trim() !== '' ? normaliseBandName(input.band) : Number.isFinite(khz) && khz > 0 ? bandForFrequencyKhz(khz) : null;
  if (band === null) errors.band = [CONTEST_CHECK_BAND_INVALID];
  const mode = modeOf(input.mode);
  if (mode === null) errors.mode = [CONTEST_CHECK_MODE_INVALID];
  const at = input.ts === undefined || input.ts === null || input.ts === '' ? now : typeof input.ts === 'string' ? parseUtcTimestamp(input.ts) : null;
  if (at === null) errors.ts = [CONTEST_CHECK_TS_INVALID];
  const received: Record<string, string> = {};
  if (input.received && typeof input.received === 'object') {
    for (const [id, value] of Object.entries(input.received as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') received[id] = String(value).trim().toUpperCase();
    }
  }
  if (call === null || band === null || mode === null || at === null || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { id: 'candidate', at: at.getTime(), band, mode, call, sent: {}, received, ...(Number.isFinite(khz) && khz > 0 ? { freqKhz: khz } : {}) } };
}

function modeOf(value: unknown): CabrilloMode | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const mode = value.trim().toUpperCase();
  if ((CABRILLO_MODES as readonly string[]).includes(mode)) return mode as CabrilloMode;
  return isKnownMode(mode) || parentModeOf(mode) !== null ? cabrilloModeOf(parentModeOf(mode) ?? mode) : null;
}

interface Station {
  call: string;
  category: StationCategory;
}

/** The station's contest log replayed: its scorer, the times of its counted contacts and the next serial. */
function replay(rules: ContestRules, station: Station, qsos: readonly { qdoId: string; fields: QsoFields }[]) {
  const location = contestLocationOf(station.call);
  const scorer = new ContestScorer(rules, { call: station.call, location, category: station.category });
  const entries = contestEntries(rules, location, qsos).entries.sort((a, b) => a.at - b.at);
  const serialIds = allExchangeFields(rules).filter((field) => field.kind === 'serial').map((field) => field.id);
  const counted: number[] = [];
  let lastSerial = 0;
  for (const entry of entries) {
    if (scorer.add(entry).counts) counted.push(entry.at);
    for (const id of serialIds) lastSerial = Math.max(lastSerial, Number(/^\d+$/.test(entry.sent[id] ?? '') ? entry.sent[id] : 0));
  }
  const figures = (at: number): ContestStationFigures => ({
    next_serial: Math.max(lastSerial, entries.length) + 1,
    rate_10: countWithin(counted, at, 10),
    rate_60: countWithin(counted, at, 60),
    score: scoreFigures(scorer.score()),
  });
  return { location, scorer, figures };
}

/** The answer for `candidate` against the station's QSOs in the contest's window (any order). */
export function checkBeforeLogging(
  rules: ContestRules,
  window: { startsAt: Date; endsAt: Date },
  station: Station,
  qsos: readonly { qdoId: string; fields: QsoFields }[],
  candidate: ContestEntry,
): ContestCheckAnswer {
  const { scorer, figures } = replay(rules, station, qsos);
  const inside = candidate.at >= window.startsAt.getTime() && candidate.at < window.endsAt.getTime();
  const checked = scorer.check(candidate);
  const scored = inside || checked.dupe ? checked : { ...checked, counts: false, points: 0, newMultipliers: [], problem: CONTEST_CHECK_OUTSIDE };
  return {
    dupe: scored.dupe,
    counts: scored.counts,
    points: scored.points,
    new_multipliers: scored.newMultipliers.map(hitText),
    problem: scored.problem,
    received_fields: [...exchangeFieldsFor(rules, contestLocationOf(candidate.call))],
    ...figures(candidate.at),
  };
}

/** What the other station is expected to send: ARRL DX's W/VE work DX and DX work W/VE; elsewhere, as the station itself sends. */
function expectedReceivedFields(rules: ContestRules, mine: Pick<CallsignLocation, 'dxcc'>): readonly ExchangeField[] {
  const group = stationGroupOf(mine);
  const other = rules.whoMayWork === 'w-ve-with-dx' ? (group === 'w-ve' ? 'dx' : 'w-ve') : group;
  return rules.exchange.find((variant) => variant.from === 'any' || variant.from === other)?.fields ?? [];
}

/** The logger's contest mode before a call is typed: the boxes, what the station sends, and its figures at `at`. */
export function contestLoggerStart(
  contest: ContestSummary,
  rules: ContestRules,
  station: Station,
  qsos: readonly { qdoId: string; fields: QsoFields }[],
  at: Date,
): ContestLoggerAnswer {
  const { location, figures } = replay(rules, station, qsos);
  const sent = exchangeFieldsFor(rules, location);
  const defaults: Record<string, string> = {};
  for (const field of sent) {
    if (field.kind === 'cq-zone' && location.cqZone > 0) defaults[field.id] = String(location.cqZone);
    if (field.kind === 'itu-zone' && location.ituZone > 0) defaults[field.id] = String(location.ituZone);
  }
  return {
    contest,
    rules: { cabrillo_name: rules.cabrilloName, name: rules.name, bands: rules.bands, modes: rules.modes },
    station: { call: station.call },
    sent_fields: [...sent],
    sent_defaults: defaults,
    received_fields: [...expectedReceivedFields(rules, location)],
    ...figures(at.getTime()),
  };
}
