// `npm run rebuild -- <projection>`: drops a read model and replays the whole log into it.
// Works beside a running server (it uses that server's database) or on its own.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase, runningEmbeddedUrl } from '@hamlog/infra/runtime/database';
import { projections } from './projections';
import { Projector } from './runtime/projector';
import { resetProjection } from './runtime/rebuild';

const name = process.argv[2];
if (!name || !(name in projections)) {
  console.error(`usage: npm run rebuild -- <${Object.keys(projections).join('|')}>`);
  process.exit(2);
}
const projection = projections[name as keyof typeof projections];
const config = readConfig();
const runningUrl = config.databaseUrl ?? runningEmbeddedUrl(config);
const db = runningUrl ? { url: runningUrl, stop: async () => {} } : await openDatabase(config, { quiet: true });
const pool = createPool(db.url, 4);
const store = await openEventStore(config, pool);
const started = Date.now();
await resetProjection(pool, projection);
const head = await store.headPosition();
const projector = new Projector(store, pool, projection, createLogger('rebuild'), 2_000);
let lastPrinted = 0;
projector.onProgress((position) => {
  if (Date.now() - lastPrinted < 1_000 && position < head) return;
  lastPrinted = Date.now();
  const percent = head === 0 ? 100 : Math.min(100, Math.floor((position / head) * 100));
  process.stdout.write(`\r${name}: ${position}/${head} events (${percent}%)`);
});
await projector.start();
await projector.waitFor(head, 24 * 60 * 60 * 1000);
await projector.stop();
console.log(`\nrebuilt ${name} from ${head} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await store.close();
await pool.end();
await db.stop();
