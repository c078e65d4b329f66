/**
 * One scorer for every contest defined as rules (rules.ts): a station's claimed score, built one
 * contact at a time so the logger can ask before Enter whether a contact is a dupe or a new
 * multiplier (`check`), and a whole log scored in time order (`scoreContestLog`). A checked score
 * is the same scorer over the contacts the cross-check keeps (cross-check.ts).
 */
import type { CallsignLocation } from '../../dxcc/index';
import { wpxPrefix } from '../../dxcc/wpx-prefix';
import { modeGroupOf, type ContestEntry, type ContestRules, type ContestModeGroup, type MultiplierKind, type MultiplierRule, type PointRule, type Relation, type StationCategory } from './rules';
import { contestLocationOf, exchangeFieldsFor, inGroup, stationGroupOf } from './station';

export interface ContestStation {
  call: string;
  /** Where it operates from; from its call when absent. */
  location?: CallsignLocation;
  category?: Partial<StationCategory>;
}

/** A multiplier a contact brought: its value ('5', 'DL', 'CT') on a band (and mode) or for the contest. */
export interface MultiplierHit {
  kind: MultiplierKind;
  label: string;
  value: string;
  /** The value as a person reads it: an entity's name for DXCC and CQ countries. */
  name: string;
  band: string | null;
  mode: ContestModeGroup | null;
}

export interface QsoScore {
  id: string;
  /** Whether it counts at all (a dupe, a contact the rules do not allow, or one past the off-time limit does not). */
  counts: boolean;
  dupe: boolean;
  points: number;
  newMultipliers: MultiplierHit[];
  /** Why it does not count, in words; null when it counts. */
  problem: string | null;
}

export interface MultiplierTally {
  kind: MultiplierKind;
  label: string;
  total: number;
  /** Per band for per-band multipliers ('all' for once-per-contest ones). */
  byBand: Record<string, number>;
}

export interface ContestScore {
  /** Contacts that count. */
  qsos: number;
  dupes: number;
  /** Contacts that do not count for another reason (band, mode, who may work whom, off time). */
  refused: number;
  points: number;
  multipliers: MultiplierTally[];
  multiplierTotal: number;
  /** points × multipliers; points × the power multiplier when the contest has no multipliers. */
  score: number;
  /** Counted contacts and points per band. */
  byBand: Record<string, { qsos: number; points: number }>;
  /** Time on the air by the off-time rule: pauses shorter than its minimum break count as operating. */
  operatingMinutes: number;
}

const MINUTE_MS = 60_000;
const NUMERIC = /^\d+$/;

/** A multiplier value a contact carries, whether or not it is new when the contact comes. */
interface CarriedMultiplier {
  /** Index of its rule in rules.multipliers (and of its tally). */
  rule: number;
  key: string;
  value: string;
  band: string | null;
  mode: ContestModeGroup | null;
}

/**
 * What a contact gives whatever came before it in the log: whether the rules refuse it (band, mode,
 * country, who may work whom), its dupe key, points and the multiplier values it carries. Worked
 * out once per contact: the claimed and the checked score are two cheap passes over the same facts.
 */
export interface EntryFacts {
  entry: ContestEntry;
  other: CallsignLocation;
  refusal: Refusal | null;
  dupeKey: string;
  points: number;
  multipliers: readonly CarriedMultiplier[];
}

/** The facts of a contact in the log of a station at `mine`. */
export function entryFacts(rules: ContestRules, mine: CallsignLocation, entry: ContestEntry): EntryFacts {
  const other = contestLocationOf(entry.call);
  const dupeKey = dupeKeyOf(rules, entry);
  const refusal = rulesRefusal(rules, mine, entry, other);
  if (refusal) return { entry, other, refusal, dupeKey, points: 0, multipliers: [] };
  const received = receivedOf(rules, entry, other);
  const rule = rules.points.find((r) => pointRuleHolds(r, entry, mine, other, received, entry.sent, rules));
  return { entry, other, refusal: null, dupeKey, points: rule?.points ?? 0, multipliers: carriedMultipliers(rules, mine, entry, other, received) };
}

export class ContestScorer {
  private readonly location: CallsignLocation;
  private readonly seen = new Set<string>();
  private readonly multipliers = new Set<string>();
  private readonly tallies: MultiplierTally[];
  private readonly byBand: Record<string, { qsos: number; points: number }> = {};
  private readonly offTime;
  private lastAt: number | null = null;
  private operatingMs = 0;
  private counted = 0;
  private dupes = 0;
  private refused = 0;
  private points = 0;

  constructor(
    private readonly rules: ContestRules,
    private readonly station: ContestStation,
  ) {
    this.location = station.location ?? contestLocationOf(station.call);
    this.tallies = rules.multipliers.map((rule) => ({ kind: rule.kind, label: rule.label, total: 0, byBand: {} }));
    const category = station.category ?? {};
    this.offTime = rules.offTime?.find((rule) => rule.operator === category.operator && (rule.overlay === undefined || rule.overlay === category.overlay)) ?? null;
  }

  /** The facts of a contact for this station (entryFacts). */
  facts(entry: ContestEntry): EntryFacts {
    return entryFacts(this.rules, this.location, entry);
  }

  /** What adding this contact would give, without adding it (the logger asks before Enter). */
  check(entry: ContestEntry): QsoScore {
    // A refusal (a dupe, most often, before Enter) is found before the points and multipliers are worked out.
    const refusal = rulesRefusal(this.rules, this.location, entry, contestLocationOf(entry.call)) ?? this.stateRefusal(dupeKeyOf(this.rules, entry), entry.at);
    return refusal ? refusedScore(entry, refusal) : this.judge(this.facts(entry)).score;
  }

  /** Adds a contact (contacts come in time order) and answers what it gave. */
  add(entry: ContestEntry): QsoScore {
    return this.addFacts(this.facts(entry));
  }

  /** add() for a contact's facts worked out before. */
  addFacts(facts: EntryFacts): QsoScore {
    const { score: scored, fresh } = this.judge(facts);
    const { entry } = facts;
    // Every contact logged shows the station on the air, whether or not it counts.
    this.advanceClock(entry.at);
    if (scored.dupe) this.dupes += 1;
    else if (!scored.counts) this.refused += 1;
    if (!scored.counts) return scored;
    this.seen.add(facts.dupeKey);
    this.counted += 1;
    this.points += scored.points;
    const band = (this.byBand[entry.band] ??= { qsos: 0, points: 0 });
    band.qsos += 1;
    band.points += scored.points;
    for (const carried of fresh) {
      this.multipliers.add(carried.key);
      const tally = this.tallies[carried.rule]!;
      tally.total += 1;
      const where = carried.band ?? 'all';
      tally.byBand[where] = (tally.byBand[where] ?? 0) + 1;
    }
    return scored;
  }

  score(): ContestScore {
    const multiplierTotal = this.tallies.reduce((sum, t) => sum + t.total, 0);
    const power = this.station.category?.power ?? '';
    const factor = this.rules.multipliers.length > 0 ? multiplierTotal : (this.rules.powerMultiplier?.[power] ?? 1);
    return {
      qsos: this.counted,
      dupes: this.dupes,
      refused: this.refused,
      points: this.points,
      multipliers: this.tallies.map((t) => ({ ...t, byBand: { ...t.byBand } })),
      multiplierTotal,
      score: this.points * factor,
      byBand: Object.fromEntries(Object.entries(this.byBand).map(([band, figures]) => [band, { ...figures }])),
      operatingMinutes: Math.round(this.operatingMs / MINUTE_MS),
    };
  }

  /** The contact's score given what came before it, and the multipliers it would bring first. */
  private judge(facts: EntryFacts): { score: QsoScore; fresh: CarriedMultiplier[] } {
    const { entry } = facts;
    const refusal = facts.refusal ?? this.stateRefusal(facts.dupeKey, entry.at);
    if (refusal) return { score: refusedScore(entry, refusal), fresh: [] };
    // Most contacts bring nothing new: hits are made only for keys not seen.
    const fresh = facts.multipliers.filter((carried) => !this.multipliers.has(carried.key));
    const newMultipliers = fresh.map((carried) => hitOf(this.rules.multipliers[carried.rule]!, carried, facts.other));
    return { score: { id: entry.id, counts: true, dupe: false, points: facts.points, newMultipliers, problem: null }, fresh };
  }

  /** What the log so far refuses: a dupe, or a contact past the off-time limit. */
  private stateRefusal(dupeKey: string, at: number): Refusal | null {
    if (this.seen.has(dupeKey)) return { kind: 'dupe', text: DUPE_TEXT[this.rules.dupes] };
    if (this.offTime && this.operatingMs + this.gapCounted(at) > this.offTime.maxHours * 60 * MINUTE_MS) {
      return { kind: 'off-time', text: `Past the ${this.offTime.maxHours} ${this.offTime.maxHours === 1 ? 'hour' : 'hours'} a ${this.offTime.operator.toLowerCase()} station may operate` };
    }
    return null;
  }

  /** Operating time this contact adds: the pause since the last one, unless the pause is an off time. */
  private gapCounted(at: number): number {
    if (this.lastAt === null) return 0;
    const gap = Math.max(0, at - this.lastAt);
    const minBreak = (this.offTime?.minBreakMinutes ?? 60) * MINUTE_MS;
    return gap < minBreak ? gap : 0;
  }

  private advanceClock(at: number): void {
    this.operatingMs += this.gapCounted(at);
    this.lastAt = Math.max(this.lastAt ?? at, at);
  }
}

const refusedScore = (entry: ContestEntry, refusal: Refusal): QsoScore => ({ id: entry.id, counts: false, dupe: refusal.kind === 'dupe', points: 0, newMultipliers: [], problem: refusal.text });

function rulesRefusal(rules: ContestRules, mine: CallsignLocation, entry: ContestEntry, other: CallsignLocation): Refusal | null {
  if (!rules.bands.includes(entry.band)) return byRules(`${entry.band} is not a band of ${rules.name}`);
  if (!rules.modes.includes(entry.mode)) return byRules(`${entry.mode} is not a mode of ${rules.name}`);
  if (other.continent === '') return byRules(`${entry.call} is not a callsign of a known country`);
  if (rules.whoMayWork === 'w-ve-with-dx' && stationGroupOf(other) === stationGroupOf(mine)) {
    return byRules(`In ${rules.name} W/VE stations work DX stations and DX stations work W/VE only`);
  }
  return null;
}

function dupeKeyOf(rules: ContestRules, entry: ContestEntry): string {
  const call = entry.call.trim().toUpperCase();
  switch (rules.dupes) {
    case 'contest':
      return call;
    case 'band':
      return `${call} ${entry.band}`;
    case 'band-mode':
      return `${call} ${entry.band} ${modeGroupOf(entry.mode)}`;
  }
}

/** The received exchange by kind (the worked station's fields, by its group), upper-cased and trimmed. */
function receivedOf(rules: ContestRules, entry: ContestEntry, other: CallsignLocation): Partial<Record<string, string>> {
  const byKind: Partial<Record<string, string>> = {};
  for (const field of exchangeFieldsFor(rules, other)) {
    const value = entry.received[field.id]?.trim().toUpperCase();
    if (value) byKind[field.kind] ??= value;
  }
  return byKind;
}

function carriedMultipliers(rules: ContestRules, mine: CallsignLocation, entry: ContestEntry, other: CallsignLocation, received: Partial<Record<string, string>>): CarriedMultiplier[] {
  const carried: CarriedMultiplier[] = [];
  rules.multipliers.forEach((rule, index) => {
    if (rule.by !== undefined && !inGroup(rule.by, mine)) return;
    const value = multiplierValue(rule, entry, other, received);
    if (value === null || (rule.values !== undefined && !rule.values.includes(value))) return;
    const band = rule.per === 'contest' ? null : entry.band;
    const mode = rule.per === 'band-mode' ? modeGroupOf(entry.mode) : null;
    carried.push({ rule: index, key: multiplierKey({ kind: rule.kind, value, band, mode }), value, band, mode });
  });
  return carried;
}

function hitOf(rule: MultiplierRule, carried: CarriedMultiplier, other: CallsignLocation): MultiplierHit {
  const name = rule.kind === 'dxcc' ? other.country : rule.kind === 'cq-country' ? (other.waeEntity ?? other.country) : carried.value;
  return { kind: rule.kind, label: rule.label, value: carried.value, name, band: carried.band, mode: carried.mode };
}

export type Refusal = { kind: 'rules' | 'dupe' | 'off-time'; text: string };
const byRules = (text: string): Refusal => ({ kind: 'rules', text });

const DUPE_TEXT: Record<ContestRules['dupes'], string> = {
  contest: 'Worked before in this contest',
  band: 'Worked before on this band',
  'band-mode': 'Worked before on this band and mode',
};

/** A multiplier as a person reads it: 'Zones 5 (20m)', 'Countries Japan (15m)', 'Prefixes DL1'. */
export const hitText = (hit: MultiplierHit): string => `${hit.label} ${hit.name}${hit.band ? ` (${hit.band}${hit.mode ? ` ${hit.mode}` : ''})` : ''}`;

const multiplierKey = (hit: Pick<MultiplierHit, 'kind' | 'value' | 'band' | 'mode'>): string => `${hit.kind}|${hit.value}|${hit.band ?? ''}|${hit.mode ?? ''}`;

/** CQ's country: the WAE entity where there is one (Sicily, Shetland), else the DXCC entity. */
const cqCountry = (location: CallsignLocation): string => location.waeEntity ?? String(location.dxcc);

function relationOf(mine: CallsignLocation, other: CallsignLocation): Exclude<Relation, 'same-itu-zone'> {
  // cqCountry without making a string: a WAE entity (text) never equals a DXCC number.
  if ((mine.waeEntity ?? mine.dxcc) === (other.waeEntity ?? other.dxcc)) return 'same-country';
  return mine.continent === other.continent ? 'same-continent' : 'other-continent';
}

/** An exchanged zone as a number, or null when it is not one (an HQ station's abbreviation). */
function zoneNumber(value: string | undefined): number | null {
  return value !== undefined && NUMERIC.test(value) ? Number(value) : null;
}

function pointRuleHolds(
  rule: PointRule,
  entry: ContestEntry,
  mine: CallsignLocation,
  other: CallsignLocation,
  received: Partial<Record<string, string>>,
  sent: Readonly<Record<string, string>>,
  rules: ContestRules,
): boolean {
  if (rule.bands && !rule.bands.includes(entry.band)) return false;
  if (rule.modes && !rule.modes.includes(modeGroupOf(entry.mode))) return false;
  if (rule.bothOn !== undefined && (mine.continent !== rule.bothOn || other.continent !== rule.bothOn)) return false;
  const otherIsHq = received['itu-zone'] !== undefined && zoneNumber(received['itu-zone']) === null;
  if (rule.otherIsHq !== undefined && rule.otherIsHq !== otherIsHq) return false;
  if (rule.relation === 'same-itu-zone') {
    const mySentField = exchangeFieldsFor(rules, mine).find((field) => field.kind === 'itu-zone');
    const myZone = zoneNumber(mySentField ? sent[mySentField.id]?.trim() : undefined) ?? mine.ituZone;
    const theirZone = zoneNumber(received['itu-zone']) ?? other.ituZone;
    return myZone === theirZone;
  }
  return rule.relation === undefined || rule.relation === relationOf(mine, other);
}

function multiplierValue(rule: MultiplierRule, entry: ContestEntry, other: CallsignLocation, received: Partial<Record<string, string>>): string | null {
  switch (rule.kind) {
    case 'dxcc':
      return other.dxcc > 0 ? String(other.dxcc) : null;
    case 'cq-country':
      return other.dxcc > 0 ? cqCountry(other) : null;
    case 'cq-zone':
      return String(zoneNumber(received['cq-zone']) ?? other.cqZone);
    case 'itu-zone': {
      const sent = received['itu-zone'];
      if (sent !== undefined && zoneNumber(sent) === null) return null;
      return String(zoneNumber(sent) ?? other.ituZone);
    }
    case 'hq': {
      const sent = received['itu-zone'];
      return sent !== undefined && zoneNumber(sent) === null ? sent : null;
    }
    case 'state-province':
      return received['state-province'] ?? null;
    case 'wpx':
      return wpxPrefix(entry.call);
    case 'grid-field': {
      const grid = received.grid;
      return grid && /^[A-R]{2}/.test(grid) ? grid.slice(0, 2) : null;
    }
    case 'section':
      return received.section ?? null;
  }
}

/** A whole log scored in time order (ties by id): the claimed score and what each contact gave. */
export function scoreContestLog(rules: ContestRules, station: ContestStation, entries: readonly ContestEntry[]): { score: ContestScore; qsos: QsoScore[] } {
  const location = station.location ?? contestLocationOf(station.call);
  return scoreFacts(rules, { ...station, location }, inLogOrder(entries).map((entry) => entryFacts(rules, location, entry)));
}

/** Entries in the order a log is scored: by time, ties by id. */
export function inLogOrder(entries: readonly ContestEntry[]): ContestEntry[] {
  return [...entries].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A log's score from its contacts' facts, already in log order (the checked board: claimed and checked from the same facts). */
export function scoreFacts(rules: ContestRules, station: ContestStation, facts: readonly EntryFacts[]): { score: ContestScore; qsos: QsoScore[] } {
  const scorer = new ContestScorer(rules, station);
  const qsos = facts.map((f) => scorer.addFacts(f));
  return { score: scorer.score(), qsos };
}
