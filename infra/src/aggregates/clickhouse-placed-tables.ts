import type { ClickHouseClient } from '@clickhouse/client';
import type { QsoFact } from '../ports/aggregates';
import { sql, sqlList, type Identifier, type Sql } from './clickhouse-sql';

/** Big batches (a rebuild, the seeding benchmark) send a few MB of ids and keys: one element each in the parsed query. */
export const BIG_QUERY = { max_query_size: String(64 * 1024 * 1024), max_ast_elements: '10000000', max_expanded_ast_elements: '10000000' };

/**
 * What the tables kept beside the facts share (the leaderboards', clickhouse-leaderboard-tables.ts,
 * and the statistics', clickhouse-station-stats.ts): each keeps every QSO's latest place in a table
 * by station (`P`, read by latestOf), finds there where a new version's QSO was before, and writes
 * its rows as JSON.
 */
export abstract class ClickHousePlacedTables<P extends { version: number }> {
  constructor(
    protected readonly client: ClickHouseClient,
    protected readonly db: Identifier,
  ) {}

  /** The latest place of each QSO `where` (conditions on station_user_id and qdo_id), by qdoId. */
  protected abstract latestOf(where: Sql): Promise<Map<string, P>>;

  /**
   * The versions of the batch to record: the highest of each qdoId, each with where its QSO was
   * (`before`; absent: never placed). Those recorded already (a redelivery) or stale are left out.
   */
  protected async newVersions(facts: readonly QsoFact[]): Promise<{ fact: QsoFact; before?: P }[]> {
    const latest = new Map<string, QsoFact>();
    for (const f of facts) if ((latest.get(f.qdoId)?.version ?? -1) < f.version) latest.set(f.qdoId, f);
    if (latest.size === 0) return [];
    const previous = await this.previousPlaces([...latest.values()]);
    return [...latest.values()]
      .map((fact) => ({ fact, before: previous.get(fact.qdoId) }))
      .filter(({ fact, before }) => !before || before.version < fact.version);
  }

  protected async insert(table: Identifier, values: object[]): Promise<void> {
    if (values.length > 0) await this.client.insert({ table: sql`${this.db}.${table}`.text, format: 'JSONEachRow', values });
  }

  protected async exists(table: Identifier): Promise<boolean> {
    const rows = await this.rows<{ n: number }>(
      sql`SELECT toUInt32(count()) AS n FROM system.tables WHERE database = ${this.db.name} AND name = ${table.name}`,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  }

  protected async rows<T>(query: Sql): Promise<T[]> {
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow', clickhouse_settings: BIG_QUERY });
    return result.json<T>();
  }

  /** Where each QSO of the batch is now, by qdoId (absent: never placed). */
  private async previousPlaces(facts: readonly QsoFact[]): Promise<Map<string, P>> {
    const stations = [...new Set(facts.map((f) => f.stationUserId))];
    const found = await this.latestOf(sql`station_user_id IN (${sqlList(stations)}) AND qdo_id IN (${sqlList(facts.map((f) => f.qdoId))})`);
    // A delete always has a previous version; one filed under another station id is looked up by id alone.
    const strays = facts.filter((f) => f.deleted && !found.has(f.qdoId)).map((f) => f.qdoId);
    if (strays.length > 0) for (const [id, place] of await this.latestOf(sql`qdo_id IN (${sqlList(strays)})`)) found.set(id, place);
    return found;
  }
}
