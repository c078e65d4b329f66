import { ClickHouseAggregates } from '../src/aggregates/clickhouse-aggregates';
import { ClickHouseContestQsoReads } from '../src/aggregates/clickhouse-contest-qsos';
import { clickHouseTestServer } from './clickhouse-test-server';
import { contestQsosContract } from './contest-qsos.contract';

const server = await clickHouseTestServer('ContestQsoReads');
const { url } = server;

contestQsosContract(
  'ClickHouse',
  async () => {
    const { database, drop } = await server.freshDatabase('hamlog_contest_qsos');
    const facts = new ClickHouseAggregates({ url, database });
    const reads = new ClickHouseContestQsoReads({ url, database });
    return {
      facts,
      reads,
      async dispose() {
        await reads.close();
        await facts.close();
        await drop();
      },
    };
  },
  { skip: !server.up },
);
