/**
 * What a log says (GET /api/vstats): one station's QSOs per band, mode, continent, year and UTC
 * hour, and the DXCC entities it worked per band. The aggregates stores keep one counter per
 * station and key (statsKeysOf); stationStatsAnswer turns a station's counters into the answer.
 */
import { bands } from '../bands';
import { compareBytes } from '../community/leaderboards';
import { dxccEntity, dxccEntityName } from '../dxcc/entities';
import { CONTINENTS } from '../qso/normalise-input';

/** The fields of a QSO's latest version the statistics count by. */
export interface StatsQso {
  /** QSO time (UTC). */
  ts: Date;
  band: string;
  mode: string;
  subMode: string;
  /** The QSO's continent; '' or absent: the DXCC entity's (facts recorded before continents were). */
  continent?: string;
  /** ADIF DXCC number; 0 for none. */
  dxcc: number;
}

/** One counter of a station: live QSOs counted under `key`. */
export interface StationStatsCount {
  key: string;
  count: number;
}

/** The continent a QSO counts on: its own, else its DXCC entity's, else '' (unknown). */
export function statsContinentOf(continent: string | undefined, dxcc: number): string {
  return continent || dxccEntity(dxcc)?.cont || '';
}

/** The mode a QSO counts under: the sub-mode when there is one (FT4, not MFSK). */
export const statsModeOf = (mode: string, subMode: string): string => subMode || mode;

/**
 * The counters one live QSO adds 1 to: 'band:20m', 'mode:FT8', 'continent:EU', 'year:2024',
 * 'hour:13' (UTC), and 'dxcc:291:20m' when it has a DXCC entity. The stores' SQL that fills the
 * counters from their facts makes the same keys (a contract test holds them to it).
 */
export function statsKeysOf(qso: StatsQso): string[] {
  const keys = [
    `band:${qso.band}`,
    `mode:${statsModeOf(qso.mode, qso.subMode)}`,
    `continent:${statsContinentOf(qso.continent, qso.dxcc)}`,
    `year:${qso.ts.getUTCFullYear()}`,
    `hour:${qso.ts.getUTCHours()}`,
  ];
  if (qso.dxcc > 0) keys.push(`dxcc:${qso.dxcc}:${qso.band}`);
  return keys;
}

/** Every counter of `qsos` (the current, live QSOs of one station), by key in byte order: what a store must answer. */
export function stationStatsCountsOf(qsos: Iterable<StatsQso>): StationStatsCount[] {
  const counts = new Map<string, number>();
  for (const qso of qsos) for (const key of statsKeysOf(qso)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return sortedCounts([...counts].map(([key, count]) => ({ key, count })));
}

/** Counters in the order stores and the reference answer them: by key, byte order. */
export function sortedCounts(counts: readonly StationStatsCount[]): StationStatsCount[] {
  return [...counts].sort((a, b) => compareBytes(a.key, b.key));
}

export interface StatsBandCount {
  band: string;
  count: number;
}

export interface DxccEntityStats {
  dxcc: number;
  name: string;
  /** Deleted from the DXCC list: listed, but not in the `worked` totals. */
  deleted: boolean;
  /** QSOs with the entity, every band. */
  count: number;
  /** QSOs with the entity per band, in band order. */
  bands: StatsBandCount[];
}

/** GET /api/vstats: the signed-in station's statistics. */
export interface StationStatsAnswer {
  /** Live QSOs in the log. */
  total: number;
  /** Lowest frequency first; only bands with QSOs. */
  bands: StatsBandCount[];
  /** Most QSOs first, ties by name. */
  modes: { mode: string; count: number }[];
  /** AF, AN, AS, EU, NA, OC, SA (zeros included), then '' (unknown) when some QSOs have none. */
  continents: { continent: string; count: number }[];
  /** First year to last, the years between included (with 0). */
  years: { year: number; count: number }[];
  /** Hours 0 to 23 UTC, each one. */
  hours: { hour: number; count: number }[];
  dxcc: {
    /** Current entities worked on any band. */
    worked: number;
    /** Current entities worked per band, in band order; only bands with an entity. */
    bands: { band: string; worked: number }[];
    /** By name. */
    entities: DxccEntityStats[];
  };
}

let bandOrder: Map<string, number> | undefined;

/** ADIF bands lowest frequency first, unknown names after them in byte order. */
export function compareBands(a: string, b: string): number {
  bandOrder ??= new Map(bands().map((band, i) => [band.name, i]));
  const ia = bandOrder.get(a) ?? Number.MAX_SAFE_INTEGER;
  const ib = bandOrder.get(b) ?? Number.MAX_SAFE_INTEGER;
  return ia - ib || compareBytes(a, b);
}

/** The answer from a station's counters (zero and negative counters are ignored). */
export function stationStatsAnswer(counts: readonly StationStatsCount[]): StationStatsAnswer {
  const of = new Map<string, Map<string, number>>();
  for (const { key, count } of counts) {
    if (!(count > 0)) continue;
    const at = key.indexOf(':');
    const kind = key.slice(0, at);
    const rest = key.slice(at + 1);
    const group = of.get(kind) ?? new Map<string, number>();
    group.set(rest, (group.get(rest) ?? 0) + count);
    of.set(kind, group);
  }
  const group = (kind: string) => [...(of.get(kind) ?? new Map<string, number>())];

  const years = group('year').map(([year, count]) => ({ year: Number(year), count }));
  const firstYear = Math.min(...years.map((y) => y.year));
  const lastYear = Math.max(...years.map((y) => y.year));
  const byYear = new Map(years.map((y) => [y.year, y.count]));
  const hours = new Map(group('hour').map(([hour, count]) => [Number(hour), count]));
  const continents = new Map(group('continent'));

  const entities = new Map<number, DxccEntityStats>();
  for (const [rest, count] of group('dxcc')) {
    const at = rest.indexOf(':');
    const dxcc = Number(rest.slice(0, at));
    const entity = entities.get(dxcc) ?? {
      dxcc,
      name: dxccEntityName(dxcc) ?? `DXCC ${dxcc}`,
      deleted: dxccEntity(dxcc) === null,
      count: 0,
      bands: [],
    };
    entity.count += count;
    entity.bands.push({ band: rest.slice(at + 1), count });
    entities.set(dxcc, entity);
  }
  const entityList = [...entities.values()]
    .map((e) => ({ ...e, bands: e.bands.sort((a, b) => compareBands(a.band, b.band)) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.dxcc - b.dxcc);
  const current = entityList.filter((e) => !e.deleted);
  const workedPerBand = new Map<string, number>();
  for (const e of current) for (const b of e.bands) workedPerBand.set(b.band, (workedPerBand.get(b.band) ?? 0) + 1);

  return {
    total: years.reduce((sum, y) => sum + y.count, 0),
    bands: group('band')
      .map(([band, count]) => ({ band, count }))
      .sort((a, b) => compareBands(a.band, b.band)),
    modes: group('mode')
      .map(([mode, count]) => ({ mode, count }))
      .sort((a, b) => b.count - a.count || compareBytes(a.mode, b.mode)),
    continents: [
      ...CONTINENTS.map((continent) => ({ continent: continent as string, count: continents.get(continent) ?? 0 })),
      ...((continents.get('') ?? 0) > 0 ? [{ continent: '', count: continents.get('')! }] : []),
    ],
    years: years.length === 0 ? [] : Array.from({ length: lastYear - firstYear + 1 }, (_, i) => ({ year: firstYear + i, count: byYear.get(firstYear + i) ?? 0 })),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour) ?? 0 })),
    dxcc: {
      worked: current.length,
      bands: [...workedPerBand].map(([band, worked]) => ({ band, worked })).sort((a, b) => compareBands(a.band, b.band)),
      entities: entityList,
    },
  };
}
