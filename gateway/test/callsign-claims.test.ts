import { spawnSync } from 'node:child_process';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveCallsignClaim, rejectCallsignClaim } from '@hamlog/command-api';
import {
  CALLSIGN_RELEASED_SUBJECT,
  CLAIM_APPROVED_SUBJECT,
  CLAIM_REJECTED_SUBJECT,
  MY_CALLSIGN_TAKEN,
  PHOTO_NOT_AN_IMAGE,
  SUB_ACCOUNT_CALLSIGN_REGISTERED,
  type AuthAnswer,
  type CallsignClaimAnswer,
  type ProfileAnswer,
  type User,
} from '@hamlog/domain';
import { openAccountStores } from '@hamlog/infra/auth/account-stores';
import { readConfig } from '@hamlog/infra/config/config';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { listCallsignClaims } from '@hamlog/infra/read-models/users/callsign-claims';
import { latestPin, readMailbox } from './mailbox';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

describe('callsign claims: unverified callsigns, POST /api/vclaimcallsign and the admin review (decision 0025)', () => {
  let t: TestServer;
  let pool: Pool;
  let store: PostgresEventStore;
  let deps: Parameters<typeof approveCallsignClaim>[0];
  let squatter: ApiClient;
  let png: Buffer;

  /** The claim form as a browser sends it: multipart fields and the evidence image. */
  async function claim(client: ApiClient | null, fields: Record<string, string>, file: { name: string; type: string; bytes: Uint8Array }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new Blob([file.bytes], { type: file.type }), file.name);
    const headers: Record<string, string> = client?.token ? { authorization: `Bearer ${client.token}` } : {};
    const res = await fetch(`${t.url}/api/vclaimcallsign`, { method: 'POST', headers, body: form });
    return { status: res.status, body: (await res.json()) as CallsignClaimAnswer & { message: string } };
  }

  /** A read that waits for the read models to pass `position` (an admin's write the client never saw). */
  async function profileOf(callsign: string, position: number | null) {
    const res = await fetch(`${t.url}/api/vprofilefor?callsign=${callsign}`, { headers: position ? { 'x-min-position': String(position) } : {} });
    return ((await res.json()) as ProfileAnswer).profile;
  }

  /** The admin's command, as an operator runs it beside the server (its database and mailbox). */
  const claimsCli = (...args: string[]) =>
    spawnSync('npx', ['tsx', 'command-api/src/users/claims-cli.ts', ...args], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.db.url, DATA_DIR: t.dataDir, EVENTSTORE_URL: '', SMTP_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  const mailsTo = async (to: string) => (await readMailbox(t.dataDir)).filter((m) => m.to === to);

  beforeAll(async () => {
    t = await startTestServer();
    pool = createPool(t.db.url, 2);
    store = await PostgresEventStore.create(pool);
    const config = readConfig({ ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.db.url, SMTP_URL: '' });
    deps = { store, accounts: await openAccountStores(pool, config, createLogger('test')) };
    squatter = new ApiClient(t.url);
    await squatter.signUp('squatter@example.com', 'W1AW');
    png = await sharp({ create: { width: 400, height: 250, channels: 3, background: '#ddccaa' } }).png().toBuffer();
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await t?.stop();
  });

  it('shows every new callsign as unverified, to its owner and on the public profile', async () => {
    expect((await squatter.call<{ user: User }>('GET', '/vuser')).body.user).toMatchObject({ my_callsign: 'W1AW', callsign_verified: false });
    expect(await profileOf('W1AW', null)).toMatchObject({ my_callsign: 'W1AW', callsign_verified: false });
  });

  it('refuses evidence that is not an image (415), and a claim without an email from a visitor (422)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const notImage = await claim(null, { callsign: 'W1AW', email: 'ham@example.com' }, { name: 'card.png', type: 'image/png', bytes: html });
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toBe(PHOTO_NOT_AN_IMAGE);
    const noEmail = await claim(null, { callsign: 'W1AW' }, { name: 'card.png', type: 'image/png', bytes: png });
    expect(noEmail.status).toBe(422);
  });

  it('lets the real holder, without an account, reclaim the callsign; the squatter keeps an account under a placeholder', async () => {
    const sent = await claim(null, { callsign: 'w1aw', email: 'Ham@Example.com', note: 'My licence, issued 1938.' }, { name: 'licence.png', type: 'image/png', bytes: png });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const claimId = sent.body.claim_id;
    await expect.poll(async () => (await listCallsignClaims(pool)).map((c) => c.id)).toContain(claimId);
    const [listed] = (await listCallsignClaims(pool)).filter((c) => c.id === claimId);
    expect(listed).toMatchObject({ callsign: 'W1AW', email: 'ham@example.com', user_id: null, note: 'My licence, issued 1938.' });
    // The evidence was re-encoded, by its content, and is not served to anyone: it is personal data.
    expect((await fetch(`${t.url}/media/${listed!.evidence}`)).status).toBe(404);
    const stored = await openFileStorage({ dataDir: t.dataDir }).get(listed!.evidence);
    expect((await sharp(stored!.bytes).metadata()).format).toBe('png');
    // The admin reads it with the claims command.
    const copy = join(t.dataDir, 'evidence-copy.png');
    const exported = claimsCli('evidence', claimId, copy);
    expect(exported.status, exported.stderr).toBe(0);
    expect(readFileSync(copy)).toEqual(stored!.bytes);

    const approval = await approveCallsignClaim(deps, claimId);
    expect(approval).toMatchObject({ callsign: 'W1AW', newAccount: true, changed: true });
    expect(await approveCallsignClaim(deps, claimId)).toMatchObject({ changed: false });

    // The claimant signs in by the PIN the approval mailed.
    const pin = await latestPin(t.dataDir, 'ham@example.com');
    const holder = new ApiClient(t.url);
    const signedIn = await holder.post<AuthAnswer>('/vpinlogin', { callsign: 'W1AW', pin });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ my_callsign: 'W1AW', callsign_verified: true, email: 'ham@example.com' });
    expect(await profileOf('W1AW', approval.position)).toMatchObject({ id: approval.userId, callsign_verified: true });

    // The squatter still signs in, under the placeholder, and no longer holds W1AW.
    const back = await new ApiClient(t.url).post<AuthAnswer>('/vlogin', { email: 'squatter@example.com', password: 'correct horse battery' });
    expect(back.status).toBe(200);
    expect(back.body.user.my_callsign).toBe(approval.released!.placeholder);
    expect(back.body.user.my_callsign).toMatch(/^W1AW\/U[0-9A-F]{6}$/);
    expect(back.body.user.callsign_verified).toBe(false);
    // An account without a password signs in by PIN: that works under the new name too.
    expect((await new ApiClient(t.url).post('/vsendpin', { callsign: approval.released!.placeholder })).status).toBe(200);
    const squatterPin = await latestPin(t.dataDir, 'squatter@example.com');
    const byPin = await new ApiClient(t.url).post<AuthAnswer>('/vpinlogin', { callsign: approval.released!.placeholder, pin: squatterPin });
    expect(byPin.status).toBe(200);
    expect(byPin.body.user.id).toBe(back.body.user.id);
    expect(await profileOf(encodeURIComponent(approval.released!.placeholder), approval.position)).toMatchObject({ id: back.body.user.id, callsign_verified: false });

    expect((await mailsTo('ham@example.com')).map((m) => m.subject)).toEqual([CLAIM_APPROVED_SUBJECT, expect.any(String)]);
    expect((await mailsTo('squatter@example.com')).map((m) => m.subject)).toContain(CALLSIGN_RELEASED_SUBJECT);
  });

  it('keeps a verified callsign: nobody registers it or adds it as a sub-account', async () => {
    const again = await new ApiClient(t.url).post('/vregister', { email: 'other@example.com', my_callsign: 'W1AW' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toMatchObject({ my_callsign: [MY_CALLSIGN_TAKEN] });
    const asSub = await squatter.post('/vaddsubaccount', { callsign: 'W1AW' });
    expect(asSub.status).toBe(409);
    expect(asSub.body.message).toBe(SUB_ACCOUNT_CALLSIGN_REGISTERED);
    const rival = await claim(null, { callsign: 'W1AW', email: 'rival@example.com' }, { name: 'fake.png', type: 'image/png', bytes: png });
    await expect(approveCallsignClaim(deps, rival.body.claim_id)).rejects.toThrow();
  });

  it('moves a signed-in claimant’s account to the callsign it proves, freeing its old one', async () => {
    const bob = new ApiClient(t.url);
    await bob.signUp('bob@example.com', 'K1JT');
    const carol = new ApiClient(t.url);
    await carol.signUp('carol@example.com', 'N0FAKE');
    const sent = await claim(carol, { callsign: 'K1JT', note: 'QSL card attached' }, { name: 'qsl.png', type: 'image/png', bytes: png });
    expect(sent.status).toBe(201);
    const approval = await approveCallsignClaim(deps, sent.body.claim_id);
    expect(approval).toMatchObject({ newAccount: false, released: { placeholder: expect.stringMatching(/^K1JT\/U/) } });
    const me = await fetch(`${t.url}/api/vuser`, { headers: { authorization: `Bearer ${carol.token}`, 'x-min-position': String(approval.position) } });
    expect(((await me.json()) as { user: User }).user).toMatchObject({ my_callsign: 'K1JT', callsign_verified: true });
    const freed = await new ApiClient(t.url).post('/vregister', { email: 'dave@example.com', my_callsign: 'N0FAKE' });
    expect(freed.status).toBe(200);
  });

  it('rejects a claim with `npm run claims`, the reason mailed to the claimant; it cannot be approved after', async () => {
    const sent = await claim(null, { callsign: 'N1MM', email: 'hopeful@example.com' }, { name: 'blurry.png', type: 'image/png', bytes: png });
    expect(sent.status).toBe(201);
    await expect.poll(async () => (await listCallsignClaims(pool)).some((c) => c.id === sent.body.claim_id)).toBe(true);
    const listed = claimsCli('list');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`${sent.body.claim_id}  N1MM  hopeful@example.com`);
    const rejected = claimsCli('reject', sent.body.claim_id, 'The card is unreadable.');
    expect(rejected.status, rejected.stderr).toBe(0);
    expect(await rejectCallsignClaim(deps, sent.body.claim_id, 'The card is unreadable.')).toMatchObject({ changed: false });
    const [mail] = await mailsTo('hopeful@example.com');
    expect(mail).toMatchObject({ subject: CLAIM_REJECTED_SUBJECT, text: expect.stringContaining('The card is unreadable.') });
    await expect(approveCallsignClaim(deps, sent.body.claim_id)).rejects.toThrow();
    await expect.poll(async () => (await listCallsignClaims(pool)).some((c) => c.id === sent.body.claim_id)).toBe(false);
  });

  it('limits the claims one address sends (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10 && !statuses.includes(429); i++) {
      statuses.push((await claim(null, { callsign: 'N1MM', email: 'flood@example.com' }, { name: 'x.png', type: 'image/png', bytes: png })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 201).length).toBeLessThan(10);
  });
});
