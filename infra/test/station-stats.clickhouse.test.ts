import { ClickHouseAggregates } from '../src/aggregates';
import { ClickHouseStationStats, ST_BY_YEAR, ST_COUNTS, ST_LATEST } from '../src/aggregates/clickhouse-station-stats';
import { FACTS_TABLE } from '../src/aggregates/clickhouse-facts';
import { ident, sql } from '../src/aggregates/clickhouse-sql';
import { clickHouseTestServer } from './clickhouse-test-server';
import { stationStatsContract } from './station-stats.contract';

const server = process.env.CLICKHOUSE_URL ? await clickHouseTestServer('StationStatsStore') : null;
if (!server) console.warn('skipped: StationStatsStore on ClickHouse (CLICKHOUSE_URL is unset)');

stationStatsContract(
  'ClickHouse',
  async () => {
    const { database, admin, drop } = await server!.freshDatabase('hamlog_test_stats');
    const aggregates = new ClickHouseAggregates({ url: server!.url, database });
    const stats = new ClickHouseStationStats({ url: server!.url, database });
    const tables = [ST_BY_YEAR, ST_LATEST, ST_COUNTS];
    return {
      aggregates,
      stats,
      async mergeAll() {
        for (const table of tables) await admin.command({ query: sql`OPTIMIZE TABLE ${ident(database)}.${table} FINAL`.text });
      },
      async dropStatsTables() {
        for (const table of tables) await admin.command({ query: sql`DROP TABLE ${ident(database)}.${table}`.text });
      },
      async dropContinentColumn() {
        await admin.command({ query: sql`ALTER TABLE ${ident(database)}.${FACTS_TABLE} DROP COLUMN continent`.text });
      },
      async dispose() {
        await stats.close();
        await aggregates.close();
        await drop();
      },
    };
  },
  { skip: !server?.up },
);
