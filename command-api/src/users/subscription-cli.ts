// `npm run subscription -- <CALLSIGN> <level|none> [expiry] [--paid]`: gives or takes a subscription.
// Works beside a running server (it uses that server's database) or on its own.
import { runAdminCommand } from './admin-cli';
import { changeSubscription } from './change-subscription';

const args = process.argv.slice(2);
const paid = args.includes('--paid');
const [callsign, level, expiry] = args.filter((a) => a !== '--paid');
if (!callsign || !level) {
  console.error('usage: npm run subscription -- <CALLSIGN> <level|none> [expiry: 2026-12-31 or ISO date-time] [--paid]');
  process.exit(2);
}
await runAdminCommand(async ({ store }) => {
  const result = await changeSubscription(store, { callsign, level, expiry, paid });
  const what = result.subscription.level === null ? 'no subscription' : `${result.subscription.level} until ${result.subscription.expiryDate ?? 'no end'}${paid ? ' (paid)' : ''}`;
  console.log(`${callsign.toUpperCase()}: ${what}${result.changed ? '' : ' (unchanged)'}`);
});
