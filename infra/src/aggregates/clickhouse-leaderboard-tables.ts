import { MODE_CLASSES, modeClassOf } from '@hamlog/domain';
import type { QsoFact } from '../ports/aggregates';
import { BIG_QUERY, ClickHousePlacedTables } from './clickhouse-placed-tables';
import { formatDateTime, ident, nextComputed, sql, sqlList, type Sql } from './clickhouse-sql';

/**
 * The leaderboards' tables in ClickHouse, kept by ClickHouseAggregates.recordQsoFacts after it
 * stores the facts (decision "leaderboards"):
 *
 * - LB_BY_TIME holds every QSO at its place in time (ORDER BY ts, so a window reads one range).
 *   When a version moves a QSO (an edit of its time, a delete) a tombstone of that version goes
 *   to the place it left. A row's rank is version * 2 + 1 when live, version * 2 for a tombstone,
 *   so each place's highest rank (ReplacingMergeTree(rank), read with FINAL) is live exactly when
 *   the QSO is at that place now.
 * - LB_LATEST holds each QSO's latest version by station (ORDER BY station_user_id, qdo_id), to
 *   find where the previous version was. It is written last: while it still holds the previous
 *   version, a redelivered batch redoes every step.
 * - LB_DAYS holds QSOs per UTC day and station, one column per class of mode, recomputed from
 *   LB_BY_TIME for each (station, day) a batch touched, with keys gone to zero written as 0.
 *   State, not deltas: recomputing twice gives the same rows, so a redelivered batch
 *   double-counts nothing. The latest computation of a key wins (ReplacingMergeTree(computed),
 *   read with FINAL).
 * - LB_MONTHS holds the same counts per station and UTC month as running totals (one array of
 *   31 days per class), recomputed from LB_DAYS for each (station, month) a batch touched: a
 *   period board reads two rows per station instead of thirty, and two elements of a row give
 *   the QSOs of any run of days.
 *
 * Merges are eventual: every read dedupes itself (argMax, FINAL).
 */
export const LB_BY_TIME = ident('lb_qso_by_time');
export const LB_LATEST = ident('lb_qso_latest');
export const LB_DAYS = ident('lb_days');
/** LB_DAYS' count column of each class of mode, in MODE_CLASSES order ('VOICE' → n_voice). */
export const CLASS_COLUMNS = MODE_CLASSES.map((klass) => ident(`n_${klass.toLowerCase()}`));
/** An LB_DAYS row's QSOs of every class: n_voice + n_cw + …. */
export const CLASS_TOTAL = CLASS_COLUMNS.map((c) => sql`${c}`).reduce((sum, c) => sql`${sum} + ${c}`);
export const LB_MONTHS = ident('lb_months');
/** LB_MONTHS' arrays of 31 running totals (position d: the QSOs of days 1 to d of the month), in MODE_CLASSES order. */
export const MONTH_COLUMNS = MODE_CLASSES.map((klass) => ident(`days_${klass.toLowerCase()}`));

const DAY_MS = 86_400_000;

interface Place {
  qdo_id: string;
  station_user_id: string;
  station_callsign: string;
  ts: string;
  band: string;
  mode: string;
  mode_class: string;
  call: string;
  freq_hz: number;
  contest_name: string;
  deleted: number;
  version: number;
}

type StoredPlace = Omit<Place, 'freq_hz' | 'version'> & { freq_hz: string | number; version: string | number };

export class ClickHouseLeaderboardTables extends ClickHousePlacedTables<Place> {
  /** Creates the tables; true when they were new (then fillFrom fills them from the facts). */
  async migrate(): Promise<boolean> {
    const existed = await this.exists(LB_DAYS);
    const monthsExisted = await this.exists(LB_MONTHS);
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${LB_BY_TIME} (
          qdo_id String, station_user_id String, station_callsign String, ts DateTime('UTC'), band String, mode String,
          mode_class String, call String, freq_hz UInt64, contest_name String, deleted UInt8, version UInt64, rank UInt64
        ) ENGINE = ReplacingMergeTree(rank) PARTITION BY toYYYYMM(ts) ORDER BY (ts, qdo_id)`.text,
    });
    // The same columns, by station.
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${LB_LATEST} AS ${this.db}.${LB_BY_TIME}
        ENGINE = ReplacingMergeTree(version) ORDER BY (station_user_id, qdo_id)`.text,
    });
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${LB_MONTHS} (
          month Date, station_user_id String, station_callsign String, ${sqlList(MONTH_COLUMNS.map((c) => sql`${c} Array(UInt32)`))}, computed UInt64
        ) ENGINE = ReplacingMergeTree(computed) ORDER BY (month, station_user_id, station_callsign)`.text,
    });
    // Last: its presence says the others exist and are filled.
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${LB_DAYS} (
          day Date, station_user_id String, station_callsign String, ${sqlList(CLASS_COLUMNS.map((c) => sql`${c} UInt32`))}, computed UInt64
        ) ENGINE = ReplacingMergeTree(computed) PARTITION BY toYYYYMM(day) ORDER BY (day, station_user_id, station_callsign)`.text,
    });
    // Month rows came after the day rows: made from them where the days are there already.
    if (existed && !monthsExisted) await this.client.command({ query: sql`INSERT INTO ${this.db}.${LB_MONTHS} ${this.monthsOf(sql`1`)}`.text });
    return !existed;
  }

  async drop(): Promise<void> {
    for (const table of [LB_LATEST, LB_DAYS, LB_MONTHS, LB_BY_TIME]) {
      await this.client.command({ query: sql`DROP TABLE IF EXISTS ${this.db}.${table}`.text });
    }
  }

  /** Places the facts (the highest version of each qdoId, already stored as facts) and recounts the days they touched. */
  async record(facts: readonly QsoFact[]): Promise<void> {
    const changes = await this.newVersions(facts);
    if (changes.length === 0) return;
    const placed: Place[] = [];
    const tombstones: Place[] = [];
    const touched = new Map<string, Set<number>>();
    const touch = (p: Place) => {
      const days = touched.get(p.station_user_id) ?? new Set<number>();
      days.add(Math.floor(Date.parse(`${p.ts.replace(' ', 'T')}Z`) / DAY_MS) * DAY_MS);
      touched.set(p.station_user_id, days);
    };
    for (const { fact, before } of changes) {
      // A delete stays where the QSO was, so the place's highest rank becomes a tombstone.
      const place: Place = fact.deleted
        ? { ...(before ?? placeOf(fact)), deleted: 1, version: fact.version }
        : placeOf(fact);
      placed.push(place);
      touch(place);
      if (before) {
        touch(before);
        if (before.ts !== place.ts) tombstones.push({ ...before, deleted: 1, version: fact.version });
      }
    }
    await this.insert(LB_BY_TIME, [...placed, ...tombstones].map((p) => ({ ...p, rank: p.version * 2 + (p.deleted ? 0 : 1) })));
    await this.recount(touched);
    await this.recountMonths(touched);
    await this.insert(LB_LATEST, placed.map((p) => ({ ...p, rank: 0 })));
  }

  /** Fills the tables from the facts table (tables created after their facts): the current QSOs, then every day's counts. */
  async fillFrom(facts: Sql): Promise<void> {
    const modes = await this.rows<{ mode: string }>(sql`SELECT DISTINCT mode FROM ${facts}`);
    if (modes.length === 0) return;
    const classes = sql`transform(last_mode, [${sqlList(modes.map((m) => m.mode))}], [${sqlList(modes.map((m) => modeClassOf(m.mode)))}], 'DATA')`;
    const current = sql`SELECT qdo_id, argMax(station_user_id, version) AS last_station_user_id, argMax(station_callsign, version) AS last_station,
        argMax(ts, version) AS last_ts, argMax(band, version) AS last_band, argMax(mode, version) AS last_mode, argMax(call, version) AS last_call,
        argMax(freq_hz, version) AS last_freq_hz, argMax(contest_name, version) AS last_contest_name, argMax(deleted, version) AS last_deleted,
        max(version) AS last_version
      FROM ${facts} GROUP BY qdo_id`;
    const columns = sql`qdo_id, last_station_user_id, last_station, last_ts, last_band, last_mode, ${classes}, last_call, last_freq_hz, last_contest_name, last_deleted, last_version`;
    await this.client.command({ query: sql`INSERT INTO ${this.db}.${LB_LATEST} SELECT ${columns}, 0 FROM (${current})`.text, clickhouse_settings: BIG_QUERY });
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${LB_BY_TIME} SELECT ${columns}, last_version * 2 + 1 FROM (${current}) WHERE last_deleted = 0`.text,
      clickhouse_settings: BIG_QUERY,
    });
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${LB_DAYS}
        SELECT toDate(last_ts) AS day, last_station_user_id, last_station, ${countsByClass(sql`last_class`)}, ${nextComputed()}
        FROM (${this.placesNow(sql`1`)}) WHERE live = 1 GROUP BY day, last_station_user_id, last_station`.text,
      clickhouse_settings: BIG_QUERY,
    });
    await this.client.command({ query: sql`INSERT INTO ${this.db}.${LB_MONTHS} ${this.monthsOf(sql`1`)}`.text });
  }

  protected async latestOf(where: Sql): Promise<Map<string, Place>> {
    // Aliases differ from the columns: ClickHouse would read a same-named alias in WHERE.
    const rows = await this.rows<{ [K in keyof StoredPlace as `l_${K}`]: K extends 'ts' ? number : StoredPlace[K] }>(sql`SELECT qdo_id AS l_qdo_id,
        argMax(station_user_id, version) AS l_station_user_id, argMax(station_callsign, version) AS l_station_callsign,
        toUInt32(argMax(ts, version)) AS l_ts, argMax(band, version) AS l_band, argMax(mode, version) AS l_mode,
        argMax(mode_class, version) AS l_mode_class, argMax(call, version) AS l_call, argMax(freq_hz, version) AS l_freq_hz,
        argMax(contest_name, version) AS l_contest_name, argMax(deleted, version) AS l_deleted, max(version) AS l_version
      FROM ${this.db}.${LB_LATEST} WHERE ${where} GROUP BY qdo_id`);
    return new Map(
      rows.map((r) => [
        r.l_qdo_id,
        {
          qdo_id: r.l_qdo_id,
          station_user_id: r.l_station_user_id,
          station_callsign: r.l_station_callsign,
          ts: formatDateTime(new Date(Number(r.l_ts) * 1000)), // (a zero DateTime reads as '0000-00-00 ...')
          band: r.l_band,
          mode: r.l_mode,
          mode_class: r.l_mode_class,
          call: r.l_call,
          freq_hz: Number(r.l_freq_hz),
          contest_name: r.l_contest_name,
          deleted: Number(r.l_deleted),
          version: Number(r.l_version),
        },
      ]),
    );
  }

  /**
   * Recounts each touched station's touched days from LB_BY_TIME (every station with every day of
   * the batch: more than needed at times, never less), writing 0 for the keys that are gone.
   */
  private async recount(touched: ReadonlyMap<string, ReadonlySet<number>>): Promise<void> {
    const stations = [...touched.keys()];
    const days = [...new Set([...touched.values()].flatMap((d) => [...d]))].sort((a, b) => a - b);
    // A batch of a decades-long import touches thousands of days: one OR per day in one query
    // makes ClickHouse crawl, so runs of consecutive days are recounted a few dozen at a time.
    for (const runs of chunksOf(runsOfDays(days), RUNS_PER_RECOUNT)) await this.recountRuns(stations, runs);
  }

  private async recountRuns(stations: string[], runs: readonly DayRun[]): Promise<void> {
    const dayList = sqlList(runs.flatMap(daysOfRun).map((d) => sql`toDate(${new Date(d)})`));
    const inRanges = runs.map(([from, to]) => sql`(ts >= ${new Date(from)} AND ts < ${new Date(to)})`).reduce((all, range) => sql`${all} OR ${range}`);
    const zeros = sqlList(CLASS_COLUMNS.map((c) => sql`toUInt32(0) AS ${c}`));
    const sums = sqlList(CLASS_COLUMNS.map((c) => sql`toUInt32(sum(${c}))`));
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${LB_DAYS}
        SELECT day, station_user_id, station_callsign, ${sums}, ${nextComputed()} FROM (
          SELECT day, station_user_id, station_callsign, ${zeros} FROM ${this.db}.${LB_DAYS}
          WHERE day IN (${dayList}) AND station_user_id IN (${sqlList(stations)})
          UNION ALL
          SELECT toDate(last_ts) AS day, last_station_user_id AS station_user_id, last_station AS station_callsign, ${countsByClass(sql`last_class`)}
          FROM (${this.placesNow(sql`(${inRanges}) AND station_user_id IN (${sqlList(stations)})`)}) WHERE live = 1
          GROUP BY day, station_user_id, station_callsign
        ) GROUP BY day, station_user_id, station_callsign`.text,
      clickhouse_settings: BIG_QUERY,
    });
  }

  /** Rewrites the month rows of the touched stations and months from their day rows. */
  private async recountMonths(touched: ReadonlyMap<string, ReadonlySet<number>>): Promise<void> {
    const months = [...new Set([...touched.values()].flatMap((days) => [...days].map(monthOf)))].sort((a, b) => a - b);
    for (const some of chunksOf(months, RUNS_PER_RECOUNT)) {
      const ranges = some.map((m) => sql`(day >= toDate(${new Date(m)}) AND day < toDate(${new Date(nextMonth(m))}))`).reduce((all, range) => sql`${all} OR ${range}`);
      await this.client.command({
        query: sql`INSERT INTO ${this.db}.${LB_MONTHS} ${this.monthsOf(sql`(${ranges}) AND station_user_id IN (${sqlList([...touched.keys()])})`)}`.text,
        clickhouse_settings: BIG_QUERY,
      });
    }
  }

  /** The month rows of LB_DAYS' rows `where`; a key of LB_DAYS is never removed (it goes to 0), so neither is a month's. */
  private monthsOf(where: Sql): Sql {
    const arrays = sqlList(
      CLASS_COLUMNS.map(
        // The day's count at its position among 31 zeros (no lambda: ClickHouse 18 cannot take a column into one here).
        (c) => sql`CAST(arrayCumSum(sumForEach(arrayConcat(arrayResize(emptyArrayUInt32(), toDayOfMonth(day) - 1), [${c}], arrayResize(emptyArrayUInt32(), 31 - toDayOfMonth(day))))) AS Array(UInt32))`,
      ),
    );
    return sql`SELECT toStartOfMonth(day) AS month, station_user_id, station_callsign, ${arrays}, ${nextComputed()}
      FROM ${this.db}.${LB_DAYS} FINAL WHERE ${where}
      GROUP BY month, station_user_id, station_callsign`;
  }

  /**
   * The QSOs with a place in LB_BY_TIME `where` (conditions on ts and station only), live = 1
   * for those that are there now: each place keeps its highest rank (FINAL), live when odd.
   */
  private placesNow(where: Sql): Sql {
    return sql`SELECT qdo_id, ts AS last_ts, station_user_id AS last_station_user_id, station_callsign AS last_station,
        mode_class AS last_class, rank % 2 AS live
      FROM (SELECT qdo_id, ts, station_user_id, station_callsign, mode_class, rank FROM ${this.db}.${LB_BY_TIME} FINAL WHERE ${where})`;
  }
}

/** One count per class of mode, in CLASS_COLUMNS order, of the rows whose class is `column`. */
function countsByClass(column: Sql): Sql {
  return sqlList(MODE_CLASSES.map((klass, i) => sql`toUInt32(countIf(${column} = ${klass})) AS ${CLASS_COLUMNS[i]!}`));
}

/** Most runs of days (or months) one recount query takes. */
const RUNS_PER_RECOUNT = 48;

/** [from, to) in ms, whole UTC days. */
type DayRun = readonly [from: number, to: number];

/** Sorted distinct day starts merged into runs of consecutive days. */
export function runsOfDays(days: readonly number[]): DayRun[] {
  const runs: [number, number][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && last[1] === day) last[1] = day + DAY_MS;
    else runs.push([day, day + DAY_MS]);
  }
  return runs;
}

const daysOfRun = ([from, to]: DayRun): number[] => Array.from({ length: (to - from) / DAY_MS }, (_, i) => from + i * DAY_MS);

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const monthOf = (day: number): number => Date.UTC(new Date(day).getUTCFullYear(), new Date(day).getUTCMonth(), 1);
export const nextMonth = (month: number): number => Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1);

function placeOf(fact: QsoFact): Place {
  return {
    qdo_id: fact.qdoId,
    station_user_id: fact.stationUserId,
    station_callsign: fact.stationCallsign,
    ts: formatDateTime(fact.ts),
    band: fact.band,
    mode: fact.mode,
    mode_class: modeClassOf(fact.mode),
    call: fact.call,
    freq_hz: fact.freqHz,
    contest_name: fact.contestName,
    deleted: fact.deleted ? 1 : 0,
    version: fact.version,
  };
}
