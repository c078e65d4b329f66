import type pg from 'pg';
import { MODE_CLASSES, modeClassOf, type ModeClass } from '@hamlog/domain';

/**
 * QSOs per UTC day and station, one column per class of mode: what the period leaderboards add
 * up instead of counting millions of facts. Kept exact by PostgresAggregates.recordQsoFacts in
 * the transaction that upserts the facts: -1 where a QSO's previous version counted, +1 where the
 * new one counts, only for the facts the version guard let through, so a redelivered batch
 * changes nothing.
 */
export const LEADERBOARD_DAYS_TABLE = 'agg_lb_days';

/** The count column of a class of mode ('VOICE' → n_voice), in MODE_CLASSES order. */
export const classColumn = (klass: ModeClass): string => `n_${klass.toLowerCase()}`;
export const CLASS_COLUMNS = MODE_CLASSES.map(classColumn);

/** Serialises recorders (the consumer, a rebuild): each delta is read and applied in one turn. */
export const AGGREGATES_LOCK_KEY = 0x68616d6c6f6710n.toString(); // 'hamlog' + 0x10, beside the event store's keys

export interface CountedVersion {
  stationUserId: string;
  stationCallsign: string;
  ts: Date;
  mode: string;
  deleted: boolean;
}

/** Creates the table; true when it was new (the caller then fills it from the facts). */
export async function migrateLeaderboardDays(db: pg.Pool | pg.PoolClient): Promise<boolean> {
  const { rows } = await db.query<{ existed: boolean }>(`SELECT to_regclass('${LEADERBOARD_DAYS_TABLE}') IS NOT NULL AS existed`);
  await db.query(`CREATE TABLE IF NOT EXISTS ${LEADERBOARD_DAYS_TABLE} (
    day date NOT NULL,
    station_user_id text NOT NULL,
    station_callsign text NOT NULL,
    ${CLASS_COLUMNS.map((c) => `${c} integer NOT NULL`).join(',\n    ')},
    PRIMARY KEY (day, station_user_id, station_callsign)
  )`);
  return !rows[0]?.existed;
}

/** Counts every live fact of `factsTable` (a table created after its facts). */
export async function fillLeaderboardDays(client: pg.PoolClient, factsTable: string): Promise<void> {
  const { rows } = await client.query<{ mode: string }>(`SELECT DISTINCT mode FROM ${factsTable} WHERE NOT deleted`);
  const modes = rows.map((r) => r.mode);
  await client.query(`DELETE FROM ${LEADERBOARD_DAYS_TABLE}`);
  await client.query(
    `INSERT INTO ${LEADERBOARD_DAYS_TABLE} (day, station_user_id, station_callsign, ${CLASS_COLUMNS.join(', ')})
     SELECT (f.ts AT TIME ZONE 'UTC')::date, f.station_user_id, f.station_callsign,
       ${MODE_CLASSES.map((_, i) => `count(*) FILTER (WHERE c.mode_class = $${i + 3})::int`).join(', ')}
     FROM ${factsTable} f JOIN unnest($1::text[], $2::text[]) AS c(mode, mode_class) ON c.mode = f.mode
     WHERE NOT f.deleted GROUP BY 1, 2, 3`,
    [modes, modes.map(modeClassOf), ...MODE_CLASSES],
  );
}

/**
 * Moves the counts of the QSOs whose new versions were just written: `before` holds the versions
 * they replaced (by qdoId; absent for a first version). A count below zero means the counts
 * drifted from the facts: the transaction fails rather than answer wrong boards.
 */
export async function applyLeaderboardDayDeltas(
  client: pg.PoolClient,
  before: ReadonlyMap<string, CountedVersion>,
  written: ReadonlyArray<CountedVersion & { qdoId: string }>,
): Promise<void> {
  const deltas = new Map<string, { key: [string, string, string]; n: number[] }>();
  const add = (v: CountedVersion, n: number) => {
    if (v.deleted) return;
    const key: [string, string, string] = [v.ts.toISOString().slice(0, 10), v.stationUserId, v.stationCallsign];
    const id = JSON.stringify(key);
    const delta = deltas.get(id) ?? { key, n: MODE_CLASSES.map(() => 0) };
    delta.n[MODE_CLASSES.indexOf(modeClassOf(v.mode))]! += n;
    deltas.set(id, delta);
  };
  for (const fact of written) {
    const old = before.get(fact.qdoId);
    if (old) add(old, -1);
    add(fact, 1);
  }
  const changes = [...deltas.values()].filter((d) => d.n.some((n) => n !== 0));
  if (changes.length === 0) return;
  const params: unknown[] = [0, 1, 2].map((i) => changes.map((d) => d.key[i]));
  MODE_CLASSES.forEach((_, i) => params.push(changes.map((d) => d.n[i])));
  const { rows } = await client.query<{ lowest: number }>(
    `INSERT INTO ${LEADERBOARD_DAYS_TABLE} AS d (day, station_user_id, station_callsign, ${CLASS_COLUMNS.join(', ')})
     SELECT * FROM unnest($1::date[], $2::text[], $3::text[], ${CLASS_COLUMNS.map((_, i) => `$${i + 4}::int[]`).join(', ')})
     ON CONFLICT (day, station_user_id, station_callsign) DO UPDATE SET ${CLASS_COLUMNS.map((c) => `${c} = d.${c} + EXCLUDED.${c}`).join(', ')}
     RETURNING least(${CLASS_COLUMNS.map((c) => `d.${c}`).join(', ')}) AS lowest`,
    params,
  );
  if (rows.some((r) => r.lowest < 0)) throw new Error(`${LEADERBOARD_DAYS_TABLE}: a count went below zero (the counts drifted from the facts)`);
}
