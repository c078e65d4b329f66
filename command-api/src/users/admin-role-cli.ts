// `npm run admin -- grant|revoke <CALLSIGN>`: makes an account an administrator (the icon on its
// cards) or takes that back. Works beside a running server (it uses that server's database) or alone.
import { runAdminCommand } from './admin-cli';
import { changeAdminRole } from './change-admin-role';

const [action, callsign] = process.argv.slice(2);
if (!(action === 'grant' || action === 'revoke') || !callsign) {
  console.error('usage: npm run admin -- grant|revoke <CALLSIGN>');
  process.exit(2);
}
await runAdminCommand(async ({ store }) => {
  const result = await changeAdminRole(store, { callsign, grant: action === 'grant' });
  const what = action === 'grant' ? 'administrator' : 'not an administrator';
  console.log(`${callsign.toUpperCase()}: ${what}${result.changed ? '' : ' (unchanged)'}`);
});
