/**
 * The cross-check kept as logs change (decision 0060): the same verdicts as crossCheck over every
 * log, but a changed log redoes only what it touches.
 *
 * - Pairs: the contacts between two stations are paired among themselves (a pair unit), so a change
 *   of A's log redoes the units of A with the stations its old and new entries name and the stations
 *   that logged A.
 * - Miscopies: the contacts left unpaired are paired with near misses, nearest first. A candidate
 *   links two entries; the greedy pairing of the whole contest is the same as the greedy pairing of
 *   each connected group of candidates on its own, so only the groups holding an entry whose
 *   pairing changed are redone.
 * - Logger counts per worked call: the verdicts of entries naming a call whose count changed are
 *   taken again (unique or not).
 */
import type { CheckedEntry } from './api';
import { isNearMiss } from './call-distance';
import { candidatesNear, contactOf, DEFAULT_CROSS_CHECK_MINUTES, indexByWorked, matchingCall, nearestFirst, stationOf, verdictOf, type CheckContact, type CheckLog, type ContestLog, type CrossCheckOptions } from './cross-check';
import type { ContestEntry, ContestRules } from './rules';

interface Contact extends CheckContact {
  station: Log;
  /** The other log's entry for this contact (phase 1), or a near miss's (phase 2). */
  pair1?: Contact;
  pair2?: Contact;
  /** The miscopy candidates this unpaired entry is in. */
  candidates?: Set<Candidate>;
  live: boolean;
}

interface Log extends CheckLog {
  qsos: Contact[];
  byWorked: Map<string, Contact[]>;
  /** Its entries without a phase-1 pair: the miscopies it may have made. */
  unpaired: Set<Contact>;
}

interface Candidate {
  one: Contact;
  other: Contact;
  gap: number;
}

const MINUTE_MS = 60_000;

/** Whether two entries are the same contact as the check sees it. */
function sameContact(a: ContestEntry, b: ContestEntry): boolean {
  return a.at === b.at && a.band === b.band && a.mode === b.mode && a.call === b.call && sameFields(a.sent, b.sent) && sameFields(a.received, b.received);
}

function sameFields(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

export class IncrementalCrossCheck {
  private readonly windowMs: number;
  private readonly byKey = new Map<string, Log>();
  private readonly byName = new Map<string, Log>();
  /** For each worked call, the logs that name it (their count: unique or not). */
  private readonly namedBy = new Map<string, Set<Log>>();
  /** Every live entry by worked call. */
  private readonly byWorked = new Map<string, Set<Contact>>();
  /** Entries without a phase-1 pair, by worked call: the other side of a miscopy. */
  private readonly unpairedByWorked = new Map<string, Set<Contact>>();
  private readonly verdicts = new Map<Contact, CheckedEntry>();

  constructor(
    private readonly rules: ContestRules,
    options: CrossCheckOptions = {},
  ) {
    this.windowMs = (options.minutes ?? DEFAULT_CROSS_CHECK_MINUTES) * MINUTE_MS;
  }

  /** Each station's verdicts in its entries' order, as crossCheck answers them. */
  all(): Map<string, CheckedEntry[]> {
    return new Map([...this.byName].map(([name, log]) => [name, this.of(log)]));
  }

  /** One station's verdicts, or undefined when it has no log. */
  station(name: string): CheckedEntry[] | undefined {
    const log = this.byName.get(name);
    return log && this.of(log);
  }

  private of(log: Log): CheckedEntry[] {
    return log.qsos.map((qso) => this.verdicts.get(qso)!);
  }

  /**
   * Replaces these stations' logs (entries null: the station's log is gone). One log per station
   * call, as crossCheck. Answers the names of the stations whose verdicts changed.
   */
  update(logs: readonly { call: string; entries: readonly ContestEntry[] | null }[]): Set<string> {
    const units = new Set<string>();
    const repaired = new Set<Contact>();
    const retaken = new Set<Contact>();
    /** Worked calls whose logger count may change, with the count before. */
    const counted = new Map<string, number>();
    const unitOf = (a: string, b: string) => units.add(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
    const count = (worked: string) => {
      if (!counted.has(worked)) counted.set(worked, this.namedBy.get(worked)?.size ?? 0);
    };
    /** A whole log coming or going: every unit of it, and every call it names. */
    const touch = (log: Log) => {
      for (const worked of log.byWorked.keys()) {
        count(worked);
        unitOf(log.key, worked);
      }
      for (const logger of this.namedBy.get(log.key) ?? []) unitOf(log.key, logger.key);
    };
    for (const { call, entries } of logs) {
      const old = this.byName.get(call);
      if (old && entries !== null) {
        // The counts before: of the calls the log named, and of the calls it names now.
        for (const worked of old.byWorked.keys()) count(worked);
        for (const entry of entries) count(matchingCall(entry.call));
        for (const qso of this.replaceEntries(old, entries)) {
          unitOf(old.key, qso.worked);
          repaired.add(qso);
          if (qso.live) retaken.add(qso);
        }
        continue;
      }
      if (old) {
        touch(old);
        this.remove(old);
        for (const qso of old.qsos) repaired.add(qso);
      }
      if (entries === null) continue;
      for (const entry of entries) count(matchingCall(entry.call));
      const log = this.add({ call, entries });
      touch(log);
      for (const qso of log.qsos) {
        repaired.add(qso);
        retaken.add(qso);
      }
    }
    for (const unit of units) this.pairUnit(unit, repaired, retaken);
    this.pairMiscopies(repaired, retaken);
    // A call's count matters only to whether it is unique (logged by one log).
    for (const [worked, before] of counted) {
      if ((before === 1) === ((this.namedBy.get(worked)?.size ?? 0) === 1)) continue;
      for (const qso of this.byWorked.get(worked) ?? []) retaken.add(qso);
    }
    return this.retake(retaken);
  }

  /**
   * A log's new entries in place of its old ones: an entry with the same id and the same contact
   * keeps its place in the check; the others leave or come. Answers the entries that left or came.
   */
  private replaceEntries(log: Log, entries: readonly ContestEntry[]): Contact[] {
    const kept = new Map<string, Contact>(log.qsos.map((qso) => [qso.entry.id, qso]));
    const moved: Contact[] = [];
    log.qsos = entries.map((entry) => {
      const old = kept.get(entry.id);
      if (old && sameContact(old.entry, entry)) {
        kept.delete(entry.id);
        old.entry = entry;
        return old;
      }
      const qso = contactOf(log, entry) as Contact;
      qso.live = true;
      log.unpaired.add(qso);
      addTo(this.byWorked, qso.worked, qso);
      addTo(this.unpairedByWorked, qso.worked, qso);
      moved.push(qso);
      return qso;
    });
    for (const gone of kept.values()) {
      gone.live = false;
      log.unpaired.delete(gone);
      removeFrom(this.byWorked, gone.worked, gone);
      removeFrom(this.unpairedByWorked, gone.worked, gone);
      this.verdicts.delete(gone);
      moved.push(gone);
    }
    for (const worked of log.byWorked.keys()) removeFrom(this.namedBy, worked, log);
    log.byWorked = indexByWorked(log.qsos) as Map<string, Contact[]>;
    for (const worked of log.byWorked.keys()) addTo(this.namedBy, worked, log);
    return moved;
  }

  private add(source: ContestLog): Log {
    const log = stationOf(this.rules, source) as Log;
    if (this.byKey.has(log.key)) throw new Error(`Two logs for ${log.key}: merge them before the cross-check`);
    log.unpaired = new Set(log.qsos);
    for (const qso of log.qsos) {
      qso.live = true;
      addTo(this.byWorked, qso.worked, qso);
      addTo(this.unpairedByWorked, qso.worked, qso);
    }
    for (const worked of log.byWorked.keys()) addTo(this.namedBy, worked, log);
    this.byKey.set(log.key, log);
    this.byName.set(log.name, log);
    return log;
  }

  private remove(log: Log): void {
    for (const qso of log.qsos) {
      qso.live = false;
      removeFrom(this.byWorked, qso.worked, qso);
      removeFrom(this.unpairedByWorked, qso.worked, qso);
      this.verdicts.delete(qso);
    }
    for (const worked of log.byWorked.keys()) removeFrom(this.namedBy, worked, log);
    this.byKey.delete(log.key);
    this.byName.delete(log.name);
  }

  /** Pairs the contacts between two stations again, as crossCheck's pairLogs does (the station whose call sorts first as `ones`). */
  private pairUnit(unit: string, repaired: Set<Contact>, retaken: Set<Contact>): void {
    const [first, second] = unit.split('\u0000') as [string, string];
    const a = this.byKey.get(first);
    const b = this.byKey.get(second);
    const ones = a?.byWorked.get(second) ?? [];
    const others = b?.byWorked.get(first) ?? [];
    const before = new Map<Contact, boolean>();
    for (const qso of [...ones, ...others]) {
      before.set(qso, qso.pair1 !== undefined);
      qso.pair1 = undefined;
    }
    if (a && b && first !== second) {
      const candidates = candidatesNear(ones, others, this.windowMs, () => true).sort(nearestFirst);
      for (const { one, other } of candidates) {
        if (one.pair1 || other.pair1) continue;
        one.pair1 = other;
        other.pair1 = one;
      }
    }
    for (const [qso, wasPaired] of before) {
      retaken.add(qso);
      if (wasPaired === (qso.pair1 !== undefined)) continue;
      repaired.add(qso);
      if (qso.pair1) {
        removeFrom(this.unpairedByWorked, qso.worked, qso);
        qso.station.unpaired.delete(qso);
      } else {
        addTo(this.unpairedByWorked, qso.worked, qso);
        qso.station.unpaired.add(qso);
      }
    }
  }

  /** Redoes the miscopy pairing of every group of candidates an entry whose pairing changed is in. */
  private pairMiscopies(repaired: Set<Contact>, retaken: Set<Contact>): void {
    const seeds = new Set<Contact>();
    for (const qso of repaired) {
      for (const candidate of qso.candidates ?? []) {
        candidate.one.candidates?.delete(candidate);
        candidate.other.candidates?.delete(candidate);
        seeds.add(candidate.one).add(candidate.other);
      }
      qso.candidates = undefined;
      seeds.add(qso);
    }
    const made = new Map<string, Candidate>();
    for (const qso of repaired) if (qso.live && !qso.pair1) for (const candidate of this.candidatesOf(qso)) made.set(`${candidate.one.entry.id}\u0000${candidate.one.station.key}\u0000${candidate.other.entry.id}\u0000${candidate.other.station.key}`, candidate);
    for (const candidate of made.values()) {
      (candidate.one.candidates ??= new Set()).add(candidate);
      (candidate.other.candidates ??= new Set()).add(candidate);
    }
    // The groups of candidates the seeds are in, each entry once.
    const group = new Set<Contact>();
    const groupCandidates = new Set<Candidate>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const qso = stack.pop()!;
      if (group.has(qso)) continue;
      group.add(qso);
      for (const candidate of qso.candidates ?? []) {
        groupCandidates.add(candidate);
        stack.push(candidate.one, candidate.other);
      }
    }
    for (const qso of group) {
      const partner = qso.pair2;
      if (partner) {
        partner.pair2 = undefined;
        partner.bust = undefined;
        retaken.add(partner);
      }
      qso.pair2 = undefined;
      qso.bust = undefined;
      retaken.add(qso);
    }
    for (const { one, other } of [...groupCandidates].sort(nearestFirst)) {
      if (one.pair2 || other.pair2) continue;
      one.pair2 = other;
      other.pair2 = one;
      one.bust = 'made';
      other.bust = 'suffered';
    }
  }

  /** The miscopy candidates an unpaired entry is in: as the miscopy (`one`), and as the station's side of one (`other`). */
  private candidatesOf(qso: Contact): Candidate[] {
    const found: Candidate[] = [];
    const near = (one: Contact, other: Contact) =>
      one.band === other.band && one.group === other.group && Math.abs(one.entry.at - other.entry.at) <= this.windowMs;
    const own = qso.station;
    if (qso.worked !== own.key) {
      for (const other of this.unpairedByWorked.get(own.key) ?? []) {
        if (other.station !== own && near(qso, other) && isNearMiss(other.station.key, qso.worked)) found.push({ one: qso, other, gap: Math.abs(qso.entry.at - other.entry.at) });
      }
    }
    const named = this.byKey.get(qso.worked);
    if (named && named !== own) {
      for (const one of named.unpaired) {
        if (one.worked !== named.key && near(one, qso) && isNearMiss(own.key, one.worked)) found.push({ one, other: qso, gap: Math.abs(one.entry.at - qso.entry.at) });
      }
    }
    return found;
  }

  /** Takes the verdicts of these entries again; answers the stations whose verdicts changed. */
  private retake(qsos: Set<Contact>): Set<string> {
    const changed = new Set<string>();
    const loggers = (worked: string) => this.namedBy.get(worked)?.size ?? 0;
    for (const qso of qsos) {
      if (!qso.live) {
        changed.add(qso.station.name);
        continue;
      }
      qso.partner = qso.pair1 ?? qso.pair2;
      const verdict = verdictOf(qso, this.byKey, loggers);
      const before = this.verdicts.get(qso);
      if (!before || before.verdict !== verdict.verdict || before.reason !== verdict.reason || before.correction !== verdict.correction) changed.add(qso.station.name);
      this.verdicts.set(qso, verdict);
    }
    return changed;
  }
}

