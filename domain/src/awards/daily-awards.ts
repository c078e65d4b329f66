/**
 * The rules of the daily awards (the awards pane's rules text): a QSO counts for its station when
 *  - its log was first uploaded by the computation's cut-off, and within 48 hours of the QSO start;
 *  - the station had a valid subscription at the QSO's time (a sub-account: its main account's).
 * Each award goes to the station with the highest count of counting QSOs (or DXCC entities in
 * them); a tie goes to the station that reached that count first, then by callsign. Stations
 * excluded from leaderboards (as of the cut-off) win nothing; a count of 0 wins nothing.
 */
import { modeClassOf } from '../community/mode-class';
import { AWARD_UPLOAD_WINDOW_MS, awardDayEnd, awardDayStart } from './award-day';
import { DAILY_AWARDS, type AwardDefinition, type AwardKey } from './catalogue';
import { hadSubscriptionAt, subscriptionPeriods, type SubscriptionChange } from './subscription-periods';

/** A live (not deleted) QSO as the QSO facts hold it: its latest fields and its first upload. */
export interface AwardQso {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  ts: Date;
  mode: string;
  /** ADIF DXCC number of the worked station; 0 for none. */
  dxcc: number;
  /** When the QSO's first version reached the log. */
  firstUploadedAt: Date;
}

/** A station's exclude_from_leaderboards as set at `at` (ISO 8601 UTC). */
export interface ExclusionChange {
  at: string;
  excluded: boolean;
}

export interface AwardStation {
  userId: string;
  /** The changes of the account whose subscription applies (a sub-account's main account), in log order. */
  subscriptionChanges: readonly SubscriptionChange[];
  /** The station's own exclude_from_leaderboards changes, in log order. */
  exclusionChanges: readonly ExclusionChange[];
}

export interface DailyAwardsInput {
  day: string;
  cutoff: Date;
  /** The QSOs whose time is in the day (others are ignored). */
  qsos: readonly AwardQso[];
  /** The stations of those QSOs; a station missing here has no subscription. */
  stations: readonly AwardStation[];
}

/** One award of a day and its winner. */
export interface DailyAward {
  award: AwardKey;
  name: string;
  shortName: string;
  userId: string;
  /** The station callsign of the QSO that reached the count. */
  callsign: string;
  count: number;
  /** ISO 8601 UTC time of the QSO that reached the count. */
  reachedAt: string;
}

/** Changes as they stood at the cut-off: one recorded later never changes a computation. */
const asOf = <T extends { at: string }>(changes: readonly T[], cutoff: Date): T[] =>
  changes.filter((c) => Date.parse(c.at) <= cutoff.getTime());

function excludedAt(changes: readonly ExclusionChange[], cutoff: Date): boolean {
  return asOf(changes, cutoff).at(-1)?.excluded ?? false;
}

/** The QSOs of the day that count, by QSO time (then id, so the order never depends on the store). */
export function qualifyingAwardQsos(input: DailyAwardsInput): AwardQso[] {
  const from = awardDayStart(input.day).getTime();
  const to = awardDayEnd(input.day).getTime();
  const cutoff = input.cutoff.getTime();
  const periods = new Map(input.stations.map((s) => [s.userId, subscriptionPeriods(asOf(s.subscriptionChanges, input.cutoff))]));
  return input.qsos
    .filter((q) => {
      const ts = q.ts.getTime();
      const uploaded = q.firstUploadedAt.getTime();
      if (ts < from || ts >= to || uploaded > cutoff || uploaded - ts > AWARD_UPLOAD_WINDOW_MS) return false;
      return hadSubscriptionAt(periods.get(q.stationUserId) ?? [], q.ts);
    })
    .sort((a, b) => a.ts.getTime() - b.ts.getTime() || (a.qdoId < b.qdoId ? -1 : a.qdoId > b.qdoId ? 1 : 0));
}

interface Tally {
  userId: string;
  callsign: string;
  count: number;
  reachedAt: number;
  entities: Set<number>;
}

/** Who leads: the higher count, then who reached it first, then callsign and id (byte order). */
function leads(a: Tally, b: Tally): boolean {
  if (a.count !== b.count) return a.count > b.count;
  if (a.reachedAt !== b.reachedAt) return a.reachedAt < b.reachedAt;
  if (a.callsign !== b.callsign) return a.callsign < b.callsign;
  return a.userId < b.userId;
}

function winnerOf(definition: AwardDefinition, qsos: readonly AwardQso[], excluded: ReadonlySet<string>): DailyAward | null {
  const tallies = new Map<string, Tally>();
  for (const q of qsos) {
    if (excluded.has(q.stationUserId)) continue;
    if (definition.modeClass && modeClassOf(q.mode) !== definition.modeClass) continue;
    let tally = tallies.get(q.stationUserId);
    if (!tally) {
      tally = { userId: q.stationUserId, callsign: q.stationCallsign, count: 0, reachedAt: 0, entities: new Set() };
      tallies.set(q.stationUserId, tally);
    }
    if (definition.counts === 'dxcc-entities') {
      if (q.dxcc <= 0 || tally.entities.has(q.dxcc)) continue;
      tally.entities.add(q.dxcc);
    }
    tally.count += 1;
    tally.reachedAt = q.ts.getTime();
    tally.callsign = q.stationCallsign;
  }
  let best: Tally | null = null;
  for (const tally of tallies.values()) if (tally.count > 0 && (!best || leads(tally, best))) best = tally;
  if (!best) return null;
  return {
    award: definition.key,
    name: definition.name,
    shortName: definition.shortName,
    userId: best.userId,
    callsign: best.callsign,
    count: best.count,
    reachedAt: new Date(best.reachedAt).toISOString(),
  };
}

/** The day's awards in catalogue order; an award nobody qualifies for is left out. */
export function computeDailyAwards(input: DailyAwardsInput): DailyAward[] {
  const qsos = qualifyingAwardQsos(input);
  const excluded = new Set(input.stations.filter((s) => excludedAt(s.exclusionChanges, input.cutoff)).map((s) => s.userId));
  return DAILY_AWARDS.map((definition) => winnerOf(definition, qsos, excluded)).filter((a): a is DailyAward => a !== null);
}
