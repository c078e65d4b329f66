import { ClickHouseAggregates } from '../src/aggregates/clickhouse-aggregates';
import { ClickHouseContestScores } from '../src/aggregates/clickhouse-contest-scores';
import { clickHouseTestServer } from './clickhouse-test-server';
import { contestScoresContract } from './contest-scores.contract';

const server = await clickHouseTestServer('ContestScores');
const { url } = server;

contestScoresContract(
  'ClickHouse',
  async () => {
    const { database, drop } = await server.freshDatabase('hamlog_contest');
    const facts = new ClickHouseAggregates({ url, database });
    const scores = new ClickHouseContestScores({ url, database });
    return {
      facts,
      scores,
      async dispose() {
        await scores.close();
        await facts.close();
        await drop();
      },
    };
  },
  { skip: !server.up },
);
