// `npm run subscription -- <CALLSIGN> <level|none> [expiry] [--paid]`: gives or takes a subscription.
// Works beside a running server (it uses that server's database) or on its own.
import { readConfig } from '@hamlog/infra/config/config';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase, runningEmbeddedUrl } from '@hamlog/infra/runtime/database';
import { changeSubscription } from './change-subscription';

const args = process.argv.slice(2);
const paid = args.includes('--paid');
const [callsign, level, expiry] = args.filter((a) => a !== '--paid');
if (!callsign || !level) {
  console.error('usage: npm run subscription -- <CALLSIGN> <level|none> [expiry: 2026-12-31 or ISO date-time] [--paid]');
  process.exit(2);
}
const config = readConfig();
const runningUrl = config.databaseUrl ?? runningEmbeddedUrl(config);
const db = runningUrl ? { url: runningUrl, stop: async () => {} } : await openDatabase(config, { quiet: true });
const pool = createPool(db.url, 2);
const store = await openEventStore(config, pool);
let status = 0;
try {
  const result = await changeSubscription(store, { callsign, level, expiry, paid });
  const what = result.subscription.level === null ? 'no subscription' : `${result.subscription.level} until ${result.subscription.expiryDate ?? 'no end'}${paid ? ' (paid)' : ''}`;
  console.log(`${callsign.toUpperCase()}: ${what}${result.changed ? '' : ' (unchanged)'}`);
} catch (error) {
  console.error((error as Error).message);
  status = 1;
} finally {
  await store.close();
  await pool.end();
  await db.stop();
}
process.exit(status);
