/**
 * The cross-check of a contest's logs: while the contest runs every participant's log is here, so a
 * contact with another participant is checked against that station's log, as the big contests' log
 * checkers do. The other log has the contact (the same band and mode group, the two clocks at most
 * `minutes` apart) or it has not (NIL); the call may be a miscopy of a participant who did log the
 * contact (busted call); what was copied may differ from what the other log says was sent (busted
 * exchange; RST is not judged). A contact with a station that sent no log cannot be checked: it
 * counts, and is shown apart when nobody else logged that call (unique). The checked score is the
 * scorer over `checkedEntries`.
 */
import { isNearMiss } from './call-distance';
import { modeGroupOf, type ContestEntry, type ContestModeGroup, type ContestRules, type ExchangeField, type ExchangeKind } from './rules';
import { contestLocationOf, exchangeFieldsFor } from './station';
import { verdictCounts, type CheckedEntry } from './api';

export { VERDICT_TEXT, verdictCounts, type CheckedEntry, type Verdict } from './api';

export interface ContestLog {
  call: string;
  entries: readonly ContestEntry[];
}

export interface CrossCheckOptions {
  /** How far apart two logs' clocks may put one contact. */
  minutes?: number;
}

export const DEFAULT_CROSS_CHECK_MINUTES = 5;

/** Suffixes that say how a station operates, not which station it is: 'DL1ABC/P' is DL1ABC. */
const PORTABLE_SUFFIXES: ReadonlySet<string> = new Set(['P', 'M', 'QRP', 'QRPP']);
/** Exchange kinds compared as numbers: '05' is zone 5. */
const NUMERIC_KINDS: ReadonlySet<ExchangeKind> = new Set<ExchangeKind>(['serial', 'cq-zone', 'itu-zone']);
const MINUTE_MS = 60_000;

export interface CheckLog {
  /** As the caller named it: the answer's key. */
  name: string;
  /** Trimmed and upper case, for the reasons. */
  call: string;
  /** matchingCall of the call. */
  key: string;
  /** The exchange this station sends, by where it is. */
  sends: readonly ExchangeField[];
  qsos: CheckContact[];
  /** The entries by worked call, each list in time order: the index the other logs are searched by. */
  byWorked: Map<string, CheckContact[]>;
}

export interface CheckContact {
  station: CheckLog;
  entry: ContestEntry;
  /** matchingCall of the worked call. */
  worked: string;
  /** The other log's entry must be on the same band, in the same mode group. */
  band: string;
  group: ContestModeGroup;
  /** The other log's entry for this contact, once found. */
  partner?: CheckContact;
  /** 'made': this entry's call is a miscopy of the partner's station; 'suffered': the partner's call of this station is. */
  bust?: 'made' | 'suffered';
}

export interface CheckPair {
  one: CheckContact;
  other: CheckContact;
  gap: number;
}

/** A call as the cross-check matches it: trimmed, upper case, without a portable suffix. */
export function matchingCall(call: string): string {
  const parts = call.trim().toUpperCase().split('/');
  while (parts.length > 1 && PORTABLE_SUFFIXES.has(parts.at(-1)!)) parts.pop();
  return parts.join('/');
}

/**
 * Every log's entries checked against the others', in each log's entry order, by the station's call
 * as given. One log per station: two logs for one call (DL1ABC and DL1ABC/P) are an error, the
 * caller merges them. Whatever the logs' order, the answer is the same.
 */
export function crossCheck(rules: ContestRules, logs: readonly ContestLog[], options: CrossCheckOptions = {}): Map<string, CheckedEntry[]> {
  const windowMs = (options.minutes ?? DEFAULT_CROSS_CHECK_MINUTES) * MINUTE_MS;
  const stations = logs.map((log) => stationOf(rules, log));
  const byKey = new Map<string, CheckLog>();
  for (const station of stations) {
    if (byKey.has(station.key)) throw new Error(`Two logs for ${station.key}: merge them before the cross-check`);
    byKey.set(station.key, station);
  }
  pairLogs(stations, byKey, windowMs);
  pairMiscopies(stations, windowMs);
  const loggers = loggerCounts(stations);
  return new Map(stations.map((station) => [station.name, station.qsos.map((qso) => verdictOf(qso, byKey, (worked) => loggers.get(worked) ?? 0))]));
}

/** The entries whose verdict counts for the checked score ('ok', 'unique', 'unchecked'), in their order. */
export function checkedEntries(checked: readonly CheckedEntry[], entries: readonly ContestEntry[]): ContestEntry[] {
  const counted = countedIds(checked);
  return entries.filter((entry) => counted.has(entry.id));
}

/** The ids of the entries whose verdict counts for the checked score. */
export function countedIds(checked: readonly CheckedEntry[]): Set<string> {
  return new Set(checked.filter((entry) => verdictCounts(entry.verdict)).map((entry) => entry.id));
}

export function stationOf(rules: ContestRules, log: ContestLog): CheckLog {
  const call = log.call.trim().toUpperCase();
  const station: CheckLog = { name: log.call, call, key: matchingCall(call), sends: exchangeFieldsFor(rules, contestLocationOf(call)), qsos: [], byWorked: new Map() };
  station.qsos = log.entries.map((entry) => contactOf(station, entry));
  station.byWorked = indexByWorked(station.qsos);
  return station;
}

/** One entry of a station's log as the check pairs it. */
export function contactOf(station: CheckLog, entry: ContestEntry): CheckContact {
  return { station, entry, worked: matchingCall(entry.call), band: entry.band.trim().toLowerCase(), group: modeGroupOf(entry.mode) };
}

/** The entries by worked call, each list in time order. */
export function indexByWorked(qsos: readonly CheckContact[]): Map<string, CheckContact[]> {
  const index = new Map<string, CheckContact[]>();
  for (const qso of qsos) {
    const list = index.get(qso.worked);
    if (list) list.push(qso);
    else index.set(qso.worked, [qso]);
  }
  for (const list of index.values()) list.sort(byTime);
  return index;
}

/**
 * Pairs each contact between two participants with the other log's entry for it, each pair of
 * stations once (from the side whose call sorts first) through the other log's index by worked
 * call, so both stations' verdicts rest on the same pairs.
 */
function pairLogs(stations: readonly CheckLog[], byKey: ReadonlyMap<string, CheckLog>, windowMs: number): void {
  for (const station of stations) {
    for (const [worked, ones] of station.byWorked) {
      const other = byKey.get(worked);
      if (!other || worked <= station.key) continue;
      const others = other.byWorked.get(station.key);
      if (others) pairNearestFirst(candidatesNear(ones, others, windowMs, () => true));
    }
  }
}

/**
 * After pairLogs: a contact no log confirmed, whose call is a near miss of a participant that has
 * an unpaired entry for this station on that band and mode group within the window, is that
 * contact with the call busted. The participant's entry is paired with it, so it is not a NIL for
 * a miscopy it did not make. The called station need not have sent a log: most busted calls are
 * calls nobody holds.
 */
function pairMiscopies(stations: readonly CheckLog[], windowMs: number): void {
  const unpaired = indexByWorked(stations.flatMap((station) => station.qsos.filter((qso) => !qso.partner)));
  const candidates: CheckPair[] = [];
  for (const station of stations) {
    const loggers = unpaired.get(station.key);
    if (!loggers) continue;
    const ones = station.qsos.filter((qso) => !qso.partner && qso.worked !== station.key);
    for (const found of candidatesNear(ones, loggers, windowMs, (one, other) => other.station !== station && isNearMiss(other.station.key, one.worked))) candidates.push(found);
  }
  for (const { one, other } of pairNearestFirst(candidates)) {
    one.bust = 'made';
    other.bust = 'suffered';
  }
}

/** For each worked call, how many logs have it. */
function loggerCounts(stations: readonly CheckLog[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const station of stations) for (const worked of station.byWorked.keys()) counts.set(worked, (counts.get(worked) ?? 0) + 1);
  return counts;
}

/** A contact's verdict once it is paired (or not); `loggers`: how many logs have a worked call. */
export function verdictOf(qso: CheckContact, byKey: ReadonlyMap<string, CheckLog>, loggers: (worked: string) => number): CheckedEntry {
  const { entry, partner } = qso;
  const id = entry.id;
  const logged = shown(entry.call);
  if (partner && qso.bust === 'made') {
    return { id, verdict: 'busted-call', reason: `Logged ${logged}; ${partner.station.call} logged this contact with you`, correction: partner.station.call };
  }
  if (partner) return exchangeVerdict(qso, partner);
  const other = byKey.get(qso.worked);
  if (other) {
    return { id, verdict: 'not-in-log', reason: `${other.call}'s log has no contact with you on ${entry.band.trim()} ${entry.mode} near ${clockTime(entry.at)}` };
  }
  if (loggers(qso.worked) === 1) return { id, verdict: 'unique', reason: `no other station logged ${logged}` };
  return { id, verdict: 'unchecked', reason: `${logged} sent no log` };
}

/** What this entry copied against what the partner's log says its station sent; not RST, no log is judged on it. */
function exchangeVerdict(qso: CheckContact, partner: CheckContact): CheckedEntry {
  const received = qso.entry.received;
  const sent = partner.entry.sent;
  const wrong = partner.station.sends.filter((field) => field.kind !== 'rst' && miscopied(field.kind, received[field.id], sent[field.id]));
  const by = partner.station.call;
  if (wrong.length === 0) {
    const reason = qso.bust === 'suffered' ? `in ${by}'s log as ${shown(partner.entry.call)}` : `in ${by}'s log`;
    return { id: qso.entry.id, verdict: 'ok', reason };
  }
  return {
    id: qso.entry.id,
    verdict: 'busted-exchange',
    reason: wrong.map((field) => `${field.label}: copied ${shown(received[field.id]) || 'nothing'}, ${by} sent ${shown(sent[field.id])}`).join('; '),
    correction: wrong.map((field) => shown(sent[field.id])).join(' '),
  };
}

/** A field the other log does not say it sent cannot be held against the copy. */
function miscopied(kind: ExchangeKind, copied: string | undefined, sent: string | undefined): boolean {
  const truth = comparable(kind, sent);
  return truth !== '' && comparable(kind, copied) !== truth;
}

function comparable(kind: ExchangeKind, value: string | undefined): string {
  const text = shown(value);
  return NUMERIC_KINDS.has(kind) && /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
}

function shown(value: string | undefined): string {
  return (value ?? '').trim().toUpperCase();
}

function clockTime(at: number): string {
  return new Date(at).toISOString().slice(11, 16);
}

/** The pairs of `ones` and time-sorted `others` on the same band and mode group, at most windowMs apart, that `fit`. */
export function candidatesNear<Q extends CheckContact>(ones: readonly Q[], others: readonly Q[], windowMs: number, fit: (one: Q, other: Q) => boolean): { one: Q; other: Q; gap: number }[] {
  const candidates: { one: Q; other: Q; gap: number }[] = [];
  for (const one of ones) {
    for (const other of nearInTime(others, one.entry.at, windowMs)) {
      if (other.band === one.band && other.group === one.group && fit(one, other)) candidates.push({ one, other, gap: Math.abs(one.entry.at - other.entry.at) });
    }
  }
  return candidates;
}

/**
 * Pairs the candidates nearest in time first, each entry at most once (a dupe cannot claim the
 * other log's one entry twice); ties in time order, then by station and entry id, so the pairing
 * never depends on the logs' order. Answers the pairs made.
 */
function pairNearestFirst(candidates: CheckPair[]): CheckPair[] {
  candidates.sort(nearestFirst);
  return candidates.filter(({ one, other }) => {
    if (one.partner || other.partner) return false;
    one.partner = other;
    other.partner = one;
    return true;
  });
}

/** The order candidates are paired in: nearest in time first, then a fixed order that does not depend on the logs' order. */
export function nearestFirst(a: CheckPair, b: CheckPair): number {
  return a.gap - b.gap || byTime(a.one, b.one) || byTime(a.other, b.other);
}

function byTime(a: CheckContact, b: CheckContact): number {
  return a.entry.at - b.entry.at || compareText(a.station.key, b.station.key) || compareText(a.entry.id, b.entry.id);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The entries of a time-sorted list at most windowMs from `at`, found by bisection. */
function nearInTime<Q extends CheckContact>(sorted: readonly Q[], at: number, windowMs: number): readonly Q[] {
  return sorted.slice(
    bisect(sorted, (time) => time < at - windowMs),
    bisect(sorted, (time) => time <= at + windowMs),
  );
}

/** The first index whose entry's time is not `before` (which holds for a prefix of the list). */
function bisect(sorted: readonly CheckContact[], before: (time: number) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(sorted[middle]!.entry.at)) low = middle + 1;
    else high = middle;
  }
  return low;
}
