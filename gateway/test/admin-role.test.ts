/** `npm run admin -- grant|revoke <CALLSIGN>`: the administrator icon on a user's feed cards (issue 10). */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedUsersAnswer } from '@hamlog/domain';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

describe('npm run admin: granting and revoking the administrator role', () => {
  let t: TestServer;
  let hiram: ApiClient;
  let joe: ApiClient;

  /** The operator's command, run beside the server on its database, as `npm run admin` runs it. */
  const admin = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.db.url, DATA_DIR: t.dataDir, EVENTSTORE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  /** Whether the feed's card of this callsign (signed in, no rig) shows the administrator icon. */
  const adminOnCard = async (callsign: string) => {
    const feed = (await (await fetch(`${t.url}/api/logged_in_users_not_in_rig_control`)).json()) as FeedUsersAnswer;
    return feed.users.find((u) => u.my_callsign === callsign)?.is_admin;
  };

  beforeAll(async () => {
    t = await startTestServer();
    hiram = new ApiClient(t.url);
    joe = new ApiClient(t.url);
    await hiram.signUp('hiram@example.com', 'W1AW');
    await joe.signUp('joe@example.com', 'K1JT');
  });
  afterAll(async () => t?.stop());

  /** is_admin in the user's own answers: /vuser (query side) and a sign-in (command side). */
  const adminInOwnAnswers = async (client: ApiClient, email: string) => {
    const own = await client.call<{ user: { is_admin: boolean } }>('GET', '/vuser');
    const signedIn = await new ApiClient(t.url).post<{ user: { is_admin: boolean } }>('/vlogin', { email, password: 'correct horse battery' });
    return [own.body.user.is_admin, signedIn.body.user.is_admin];
  };

  it('grants the role by callsign (any case); the card shows it, and nobody else’s', async () => {
    expect(await adminInOwnAnswers(hiram, 'hiram@example.com')).toEqual([false, false]);
    expect(await adminOnCard('W1AW')).toBe(false);
    const granted = admin('grant', 'w1aw');
    expect(granted.status, granted.stderr).toBe(0);
    expect(granted.stdout.trim()).toBe('W1AW: administrator');
    await expect.poll(() => adminOnCard('W1AW')).toBe(true);
    expect(await adminOnCard('K1JT')).toBe(false);
    const again = admin('grant', 'W1AW');
    expect(again.stdout.trim()).toBe('W1AW: administrator (unchanged)');
    // The account menu's Admin entry follows the user's own answers.
    await expect.poll(() => adminInOwnAnswers(hiram, 'hiram@example.com')).toEqual([true, true]);
    expect(await adminInOwnAnswers(joe, 'joe@example.com')).toEqual([false, false]);
  });

  it('revokes it', async () => {
    const revoked = admin('revoke', 'W1AW');
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout.trim()).toBe('W1AW: not an administrator');
    await expect.poll(() => adminOnCard('W1AW')).toBe(false);
    expect(admin('revoke', 'W1AW').stdout.trim()).toBe('W1AW: not an administrator (unchanged)');
  });

  it('says so for an unknown callsign (exit 1) and a wrong use (exit 2)', () => {
    const unknown = admin('grant', 'N0BODY');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account has the callsign N0BODY.');
    const wrong = admin('promote', 'W1AW');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('usage: npm run admin -- grant|revoke <CALLSIGN>');
  });
});
