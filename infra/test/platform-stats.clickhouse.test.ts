import { ClickHouseAggregates } from '../src/aggregates';
import { ClickHousePlatformStats } from '../src/aggregates/clickhouse-platform-stats';
import { LB_BY_TIME, LB_DAYS, LB_LATEST, LB_MONTHS } from '../src/aggregates/clickhouse-leaderboard-tables';
import { ST_BY_YEAR, ST_COUNTS, ST_LATEST } from '../src/aggregates/clickhouse-station-stats';
import { ident, sql } from '../src/aggregates/clickhouse-sql';
import { clickHouseTestServer } from './clickhouse-test-server';
import { platformStatsContract } from './platform-stats.contract';

const server = process.env.CLICKHOUSE_URL ? await clickHouseTestServer('PlatformStatsStore') : null;
if (!server) console.warn('skipped: PlatformStatsStore on ClickHouse (CLICKHOUSE_URL is unset)');

platformStatsContract(
  'ClickHouse',
  async () => {
    const { database, admin, drop } = await server!.freshDatabase('hamlog_test_platform');
    const aggregates = new ClickHouseAggregates({ url: server!.url, database });
    const stats = new ClickHousePlatformStats({ url: server!.url, database });
    return {
      aggregates,
      stats,
      async mergeAll() {
        for (const table of [LB_BY_TIME, LB_LATEST, LB_DAYS, LB_MONTHS, ST_BY_YEAR, ST_LATEST, ST_COUNTS]) {
          await admin.command({ query: sql`OPTIMIZE TABLE ${ident(database)}.${table} FINAL`.text });
        }
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
