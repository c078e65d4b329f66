// `npm run claims -- list | approve <claimId> | reject <claimId> "reason"`: an admin's review of
// callsign claims (decision 0025), through the same command path as the API. Works beside a
// running server (it uses that server's database and mailbox) or on its own.
import { writeFile } from 'node:fs/promises';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { openAccountStores } from '@hamlog/infra/auth/account-stores';
import { createLogger } from '@hamlog/infra/observability/logger';
import { listCallsignClaims } from '@hamlog/infra/read-models/users/callsign-claims';
import { runAdminCommand } from './admin-cli';
import { approveCallsignClaim, rejectCallsignClaim } from './decide-callsign-claim';

const USAGE = 'usage: npm run claims -- list | evidence <claimId> <file> | approve <claimId> | reject <claimId> "reason"';
const [action, claimId, ...rest] = process.argv.slice(2);
/** What follows the claim id: the reason of a rejection, or the file the evidence is written to. */
const detail = rest.join(' ').trim();
if (!(action === 'list' || (action === 'approve' && claimId) || (action === 'reject' && claimId && detail) || (action === 'evidence' && claimId && detail))) {
  console.error(USAGE);
  process.exit(2);
}
await runAdminCommand(async ({ config, pool, store }) => {
  const deps = { store, accounts: await openAccountStores(pool, config, createLogger('claims')) };
  if (action === 'list') {
    const claims = await listCallsignClaims(pool);
    if (claims.length === 0) console.log('No pending claims.');
    for (const c of claims) {
      console.log(`${c.id}  ${c.callsign}  ${c.email}${c.user_id ? ` (account ${c.user_id})` : ''}  ${c.submitted_at}`);
      console.log(`    evidence: npm run claims -- evidence ${c.id} <file>`);
      if (c.note) console.log(`    note: ${c.note}`);
    }
  } else if (action === 'evidence') {
    const claim = (await listCallsignClaims(pool)).find((c) => c.id === claimId);
    const stored = claim && (await openFileStorage(config).get(claim.evidence));
    if (!stored) throw new Error(`No pending claim ${claimId} with evidence.`);
    await writeFile(detail, stored.bytes);
    console.log(`Evidence of claim ${claimId} (${stored.contentType}) written to ${detail}.`);
  } else if (action === 'approve') {
    const done = await approveCallsignClaim(deps, claimId!);
    const from = done.released ? `; taken from ${done.released.userId}, now ${done.released.placeholder}` : '';
    console.log(`${done.callsign}: verified for ${done.newAccount ? 'a new account' : 'account'} ${done.userId}${from}${done.changed ? '' : ' (already approved)'}`);
  } else {
    const done = await rejectCallsignClaim(deps, claimId!, detail);
    console.log(`Claim ${claimId} rejected${done.changed ? '' : ' (already)'}.`);
  }
});
