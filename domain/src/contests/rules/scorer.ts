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

  /** What adding this contact would give, without adding it (the logger asks before Enter). */
  check(entry: ContestEntry): QsoScore {
    const other = contestLocationOf(entry.call);
    const refusal = this.refusal(entry, other);
    if (refusal) return { id: entry.id, counts: false, dupe: refusal.kind === 'dupe', points: 0, newMultipliers: [], problem: refusal.text };
    const received = this.receivedOf(entry, other);
    return { id: entry.id, counts: true, dupe: false, points: this.pointsFor(entry, other, received), newMultipliers: this.newMultipliers(entry, other, received), problem: null };
  }

  /** Adds a contact (contacts come in time order) and answers what it gave. */
  add(entry: ContestEntry): QsoScore {
    const scored = this.check(entry);
    // Every contact logged shows the station on the air, whether or not it counts.
    this.advanceClock(entry.at);
    if (scored.dupe) this.dupes += 1;
    else if (!scored.counts) this.refused += 1;
    if (!scored.counts) return scored;
    this.seen.add(this.dupeKey(entry));
    this.counted += 1;
    this.points += scored.points;
    const band = (this.byBand[entry.band] ??= { qsos: 0, points: 0 });
    band.qsos += 1;
    band.points += scored.points;
    for (const hit of scored.newMultipliers) {
      this.multipliers.add(multiplierKey(hit));
      const tally = this.tallies.find((t) => t.kind === hit.kind)!;
      tally.total += 1;
      const where = hit.band ?? 'all';
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

  private refusal(entry: ContestEntry, other: CallsignLocation): Refusal | null {
    if (!this.rules.bands.includes(entry.band)) return byRules(`${entry.band} is not a band of ${this.rules.name}`);
    if (!this.rules.modes.includes(entry.mode)) return byRules(`${entry.mode} is not a mode of ${this.rules.name}`);
    if (other.continent === '') return byRules(`${entry.call} is not a callsign of a known country`);
    if (this.rules.whoMayWork === 'w-ve-with-dx' && stationGroupOf(other) === stationGroupOf(this.location)) {
      return byRules(`In ${this.rules.name} W/VE stations work DX stations and DX stations work W/VE only`);
    }
    if (this.seen.has(this.dupeKey(entry))) return { kind: 'dupe', text: DUPE_TEXT[this.rules.dupes] };
    if (this.offTime && this.operatingMs + this.gapCounted(entry.at) > this.offTime.maxHours * 60 * MINUTE_MS) {
      return { kind: 'off-time', text: `Past the ${this.offTime.maxHours} hours a ${this.offTime.operator.toLowerCase()} station may operate` };
    }
    return null;
  }

  private dupeKey(entry: ContestEntry): string {
    const call = entry.call.trim().toUpperCase();
    switch (this.rules.dupes) {
      case 'contest':
        return call;
      case 'band':
        return `${call} ${entry.band}`;
      case 'band-mode':
        return `${call} ${entry.band} ${modeGroupOf(entry.mode)}`;
    }
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

  private pointsFor(entry: ContestEntry, other: CallsignLocation, received: Partial<Record<string, string>>): number {
    const rule = this.rules.points.find((r) => pointRuleHolds(r, entry, this.location, other, received, entry.sent, this.rules));
    return rule?.points ?? 0;
  }

  private newMultipliers(entry: ContestEntry, other: CallsignLocation, received: Partial<Record<string, string>>): MultiplierHit[] {
    const hits: MultiplierHit[] = [];
    for (const rule of this.rules.multipliers) {
      if (rule.by !== undefined && !inGroup(rule.by, this.location)) continue;
      const value = multiplierValue(rule, entry, other, received);
      if (value === null || (rule.values !== undefined && !rule.values.includes(value))) continue;
      const band = rule.per === 'contest' ? null : entry.band;
      const mode = rule.per === 'band-mode' ? modeGroupOf(entry.mode) : null;
      // Most contacts bring nothing new: the key is looked up before any hit is made.
      if (this.multipliers.has(multiplierKey({ kind: rule.kind, value, band, mode }))) continue;
      const name = rule.kind === 'dxcc' ? other.country : rule.kind === 'cq-country' ? (other.waeEntity ?? other.country) : value;
      hits.push({ kind: rule.kind, label: rule.label, value, name, band, mode });
    }
    return hits;
  }

  /** The received exchange by kind (the worked station's fields, by its group), upper-cased and trimmed. */
  private receivedOf(entry: ContestEntry, other: CallsignLocation): Partial<Record<string, string>> {
    const byKind: Partial<Record<string, string>> = {};
    for (const field of exchangeFieldsFor(this.rules, other)) {
      const value = entry.received[field.id]?.trim().toUpperCase();
      if (value) byKind[field.kind] ??= value;
    }
    return byKind;
  }
}

type Refusal = { kind: 'rules' | 'dupe' | 'off-time'; text: string };
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
  if (cqCountry(mine) === cqCountry(other)) return 'same-country';
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
  const scorer = new ContestScorer(rules, station);
  const ordered = [...entries].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const qsos = ordered.map((entry) => scorer.add(entry));
  return { score: scorer.score(), qsos };
}
