// `npm run rebuild:aggregates`: drops the stream's aggregates (ClickHouse when CLICKHOUSE_URL is
// set, else the PostgreSQL tables) and records every QSO event of the log again. Works beside a
// running server (it uses that server's database) or on its own.
import { readConfig } from '@hamlog/infra/config/config';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openAggregates, openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase, runningEmbeddedUrl } from '@hamlog/infra/runtime/database';
import { rebuildAggregates } from './rebuild-aggregates';

const config = readConfig();
const runningUrl = config.databaseUrl ?? runningEmbeddedUrl(config);
const db = runningUrl ? { url: runningUrl, stop: async () => {} } : await openDatabase(config, { quiet: true });
const pool = createPool(db.url, 4, { derived: true });
const store = await openEventStore(config, pool);
const aggregates = await openAggregates(config, pool);
const started = Date.now();
let lastPrinted = 0;
const done = await rebuildAggregates(store, aggregates, {
  pool,
  onProgress: ({ position, head, facts }) => {
    if (Date.now() - lastPrinted < 1_000) return;
    lastPrinted = Date.now();
    process.stdout.write(`\raggregates: ${position}/${head} events, ${facts} QSO facts`);
  },
});
console.log(`\nrebuilt the aggregates (${config.clickhouseUrl ? 'ClickHouse' : 'PostgreSQL'}) from ${done.head} events, ${done.facts} QSO facts, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await aggregates.close();
await store.close();
await pool.end();
await db.stop();
