import { ClickHouseAggregates } from '../src/aggregates';
import { ClickHouseAwardFacts } from '../src/aggregates/clickhouse-award-facts';
import { FACTS_TABLE, UPLOADS_TABLE } from '../src/aggregates/clickhouse-facts';
import { ident, sql } from '../src/aggregates/clickhouse-sql';
import { awardFactsContract } from './award-facts.contract';
import { clickHouseTestServer } from './clickhouse-test-server';

const server = await clickHouseTestServer('AwardFacts');
const { url } = server;

awardFactsContract(
  'ClickHouse',
  async () => {
    const { database, admin, drop } = await server.freshDatabase('hamlog_test_awards');
    const aggregates = new ClickHouseAggregates({ url, database });
    const facts = new ClickHouseAwardFacts({ url, database });
    return {
      aggregates,
      facts,
      async mergeAll() {
        for (const table of [FACTS_TABLE, UPLOADS_TABLE]) {
          await admin.command({ query: sql`OPTIMIZE TABLE ${ident(database)}.${table} FINAL`.text });
        }
      },
      async dispose() {
        await facts.close();
        await aggregates.close();
        await drop();
      },
    };
  },
  { skip: !server.up },
);
