import { randomBytes } from 'node:crypto';
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { ClickHouseAggregates } from '../src/aggregates';
import { LB_BY_TIME, LB_DAYS, LB_LATEST, LB_MONTHS } from '../src/aggregates/clickhouse-leaderboard-tables';
import { ClickHouseLeaderboards } from '../src/aggregates/clickhouse-leaderboards';
import { ident, sql } from '../src/aggregates/clickhouse-sql';
import { leaderboardsContract } from './leaderboards.contract';

const url = process.env.CLICKHOUSE_URL;

async function reachable(): Promise<boolean> {
  if (!url) return false;
  const client = createClient({ url, request_timeout: 2000, log: { level: ClickHouseLogLevel.OFF } });
  try {
    return (await client.ping()).success;
  } finally {
    await client.close();
  }
}

const up = await reachable();
if (!up) {
  if (process.env.CI === 'true') throw new Error(`ClickHouse is required in CI but there is none at ${url ?? '(CLICKHOUSE_URL unset)'}`);
  console.warn(`skipped: LeaderboardsStore on ClickHouse (${url ? `no server at ${url}` : 'CLICKHOUSE_URL is unset'}; run scripts/clickhouse.sh start)`);
}

const run = randomBytes(4).toString('hex');
let n = 0;

leaderboardsContract(
  'ClickHouse',
  async () => {
    n += 1;
    const database = `hamlog_test_lb_${run}_${n}`;
    const admin = createClient({ url: url! });
    await admin.command({ query: sql`CREATE DATABASE ${ident(database)}`.text });
    const aggregates = new ClickHouseAggregates({ url: url!, database });
    const leaderboards = new ClickHouseLeaderboards({ url: url!, database });
    return {
      aggregates,
      leaderboards,
      async mergeAll() {
        for (const table of [LB_BY_TIME, LB_LATEST, LB_DAYS, LB_MONTHS]) {
          await admin.command({ query: sql`OPTIMIZE TABLE ${ident(database)}.${table} FINAL`.text });
        }
      },
      async dropLeaderboardTables() {
        for (const table of [LB_BY_TIME, LB_LATEST, LB_DAYS, LB_MONTHS]) {
          await admin.command({ query: sql`DROP TABLE ${ident(database)}.${table}`.text });
        }
      },
      async dispose() {
        await leaderboards.close();
        await aggregates.close();
        await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text });
        await admin.close();
      },
    };
  },
  { skip: !up },
);
