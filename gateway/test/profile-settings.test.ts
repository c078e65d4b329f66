import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED, type User } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { awardProgressOwner } from '@hamlog/infra/read-models/users/award-progress-visibility';
import { findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import { ApiClient, startTestServer, type TestServer } from './server-harness';
import { until } from './until';

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Hiram Percy Maxim',
  email: 'carol@example.com',
  qth: 'Newington, CT',
  grid: 'fn31pr',
  mobile_number: '+1 860 594 0200',
  club_call: 'w1aw',
  profile_bio: '<p>Founder of the <b>ARRL</b>.</p><script>alert(1)</script>',
  facebook_link: 'facebook.com/arrl',
  youtube_link: 'https://youtube.com/@arrl',
  instagram_link: '',
  twitter_link: '',
  qrz_api_key: 'QRZ-SECRET-KEY',
  qrz_auto_log_qso: '1',
  clublog_email: 'log@example.com',
  clublog_password: 'clublog-s3cret',
  clublog_auto_log_qso: 0,
  eqsl_apikey: 'eqsl-key',
  exclude_from_leaderboards: true,
  rig_name_override: 'IC-7300',
  is_ham: 1,
  is_cb: 0,
  is_swl: 0,
  ...over,
});

describe('profile and settings (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let carol: ApiClient;
  let dave: ApiClient;
  let carolId: string;
  const me = async (c: ApiClient) => (await c.call<{ user: User; subscription: { level: string } }>('GET', '/vuser')).body;

  beforeAll(async () => {
    t = await startTestServer();
    carol = new ApiClient(t.url);
    dave = new ApiClient(t.url);
    carolId = await carol.signUp('carol@example.com', 'W1HPM');
    await dave.signUp('dave@example.com', 'K1DAV');
  });
  afterAll(async () => t?.stop());

  it('saves the whole form and answers the updated user; /vuser reads it back at once', async () => {
    const res = await carol.post<{ user: User }>('/vupdateprofile', form());
    expect(res.status).toBe(200);
    const expected = {
      name: 'Hiram Percy Maxim',
      email: 'carol@example.com',
      qth: 'Newington, CT',
      grid: 'FN31pr',
      mobile_number: '+1 860 594 0200',
      club_call: 'W1AW',
      profile_bio: 'Founder of the ARRL.',
      facebook_link: 'https://facebook.com/arrl',
      youtube_link: 'https://youtube.com/@arrl',
      qrz_api_key: 'QRZ-SECRET-KEY',
      qrz_auto_log_qso: true,
      clublog_email: 'log@example.com',
      clublog_password: '',
      has_clublog_password: true,
      clublog_auto_log_qso: false,
      eqsl_apikey: 'eqsl-key',
      exclude_from_leaderboards: true,
      show_award_progress: false,
      rig_name_override: 'IC-7300',
      is_ham: true,
      is_cb: false,
      is_swl: false,
      has_password: true,
    };
    expect(res.body.user).toMatchObject(expected);
    expect((await me(carol)).user).toMatchObject(expected);
  });

  it("'Show my award progress on my public page': off by default, set by '1' or true, read back at once, kept when not sent", async () => {
    const daveForm = (over: Record<string, unknown> = {}) => form({ name: 'Dave', email: 'dave@example.com', clublog_email: '', clublog_password: '', ...over });
    const user = async () => (await me(dave)).user;
    expect((await user()).show_award_progress).toBe(false);
    const pool = createPool(t.db.url, 1);
    try {
      expect(await awardProgressOwner(pool, 'K1DAV')).toBeNull();

      const on = await dave.post<{ user: User }>('/vupdateprofile', daveForm({ show_award_progress: '1' }));
      expect(on.status).toBe(200);
      expect(on.body.user.show_award_progress).toBe(true);
      expect((await user()).show_award_progress).toBe(true);
      const owner = await until(() => awardProgressOwner(pool, 'k1dav'), (o) => o !== null);
      expect(owner).toEqual({ userId: (await user()).id, callsign: 'K1DAV' });

      // Left out of the form, it keeps its value; a session's own reads see each change at once.
      expect((await dave.post<{ user: User }>('/vupdateprofile', daveForm({ qth: 'Boston' }))).body.user.show_award_progress).toBe(true);
      expect((await user()).show_award_progress).toBe(true);
      expect((await dave.post<{ user: User }>('/vupdateprofile', daveForm({ show_award_progress: '0' }))).body.user.show_award_progress).toBe(false);
      expect((await user()).show_award_progress).toBe(false);
      expect(await until(() => awardProgressOwner(pool, 'K1DAV'), (o) => o === null)).toBeNull();
      expect((await dave.post<{ user: User }>('/vupdateprofile', daveForm({ show_award_progress: true }))).body.user.show_award_progress).toBe(true);
      expect((await user()).show_award_progress).toBe(true);

      const bad = await dave.post<{ errors: Record<string, string[]> }>('/vupdateprofile', daveForm({ show_award_progress: 'maybe' }));
      expect(bad.status).toBe(422);
      expect(bad.body.errors.show_award_progress?.[0]).toBe('The award progress setting must be on or off.');
      expect((await user()).show_award_progress).toBe(true);
      // Nobody else's setting changed.
      expect((await me(carol)).user.show_award_progress).toBe(false);
      expect(await awardProgressOwner(pool, 'W1HPM')).toBeNull();
    } finally {
      await pool.end();
    }
  });

  it('keeps the Clublog password out of the event log, sealed at rest, and never sends it back', async () => {
    const pool = createPool(t.db.url, 1);
    const events = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM es_events WHERE data::text LIKE '%clublog-s3cret%'");
    const stored = await pool.query<{ secret: string }>("SELECT secret FROM auth_credentials WHERE user_id = $1 AND service = 'clublog'", [carolId]);
    await pool.end();
    expect(events.rows[0]?.n).toBe(0);
    expect(stored.rows[0]?.secret).toMatch(/^sealed:[A-Za-z0-9_-]{40,}$/);
    expect(stored.rows[0]?.secret).not.toContain('clublog-s3cret');
    expect(JSON.stringify(await me(carol))).not.toContain('clublog-s3cret');
    // Saving the form again without typing it keeps it; clearing the Clublog email forgets it.
    expect((await carol.post<{ user: User }>('/vupdateprofile', form({ clublog_password: '' }))).body.user.has_clublog_password).toBe(true);
    expect((await carol.post<{ user: User }>('/vupdateprofile', form({ clublog_email: '', clublog_password: '' }))).body.user.has_clublog_password).toBe(false);
    const after = createPool(t.db.url, 1);
    const gone = await after.query("SELECT 1 FROM auth_credentials WHERE user_id = $1", [carolId]);
    await after.end();
    expect(gone.rows).toHaveLength(0);
  });

  it('answers 422 with the first message per field and changes nothing', async () => {
    const before = await me(carol);
    const cases: [Record<string, unknown>, string, string][] = [
      [form({ name: '' }), 'name', 'Please enter your name.'],
      [form({ qth: '' }), 'qth', 'Please enter your QTH (your location).'],
      [form({ grid: 'ZZ00' }), 'grid', 'Please enter your grid square as a Maidenhead locator, like FN31 or FN31pr.'],
      [form({ email: 'nope' }), 'email', 'Please enter a valid email address, like name@example.com.'],
      [form({ profile_bio: 'x'.repeat(1001) }), 'profile_bio', 'The bio can be at most 1000 characters.'],
      [form({ rig_name_override: 'X'.repeat(11) }), 'rig_name_override', 'The rig name can be at most 10 characters.'],
      [form({ is_ham: 1, is_swl: 1 }), 'is_swl', 'Choose HAM or SWL, not both.'],
      [form({ is_cb: 'maybe' }), 'is_cb', 'The CB setting must be on or off.'],
      [form({ password: 'short', password_confirmation: 'short' }), 'password', 'Your password needs at least 8 characters.'],
      [form({ password: 'long enough', password_confirmation: 'different' }), 'password', 'The two passwords do not match.'],
      [form({ twitter_link: 'javascript:alert(1)' }), 'twitter_link', 'The X (Twitter) link must be a web address, like https://example.com/you.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await carol.post<{ message: string; errors: Record<string, string[]> }>('/vupdateprofile', { ...body, name: body.name === '' ? '' : 'Changed Name' });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field]?.[0], field).toBe(message);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await me(carol)).toEqual(before);
  });

  it('changes the password through the form', async () => {
    const res = await carol.post('/vupdateprofile', form({ clublog_email: '', password: 'a brand new one', password_confirmation: 'a brand new one' }));
    expect(res.status).toBe(200);
    const anon = new ApiClient(t.url);
    expect((await anon.post('/vlogin', { email: 'carol@example.com', password: 'correct horse battery' })).status).toBe(401);
    expect((await anon.post('/vlogin', { email: 'carol@example.com', password: 'a brand new one' })).status).toBe(200);
  });

  it('moves the email: the new one logs in, the old one is free for others, a taken one is refused', async () => {
    const moved = await carol.post<{ user: User }>('/vupdateprofile', form({ clublog_email: '', email: 'Carol.New@Example.com' }));
    expect(moved.status).toBe(200);
    expect(moved.body.user.email).toBe('carol.new@example.com');
    const anon = new ApiClient(t.url);
    const old = await anon.post('/vlogin', { email: 'carol@example.com', password: 'a brand new one' });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(LOGIN_FAILED);
    expect((await anon.post('/vlogin', { email: 'carol.new@example.com', password: 'a brand new one' })).status).toBe(200);

    const taken = await carol.post<{ errors: Record<string, string[]> }>('/vupdateprofile', form({ clublog_email: '', email: 'dave@example.com' }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email?.[0]).toBe('That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.');
    expect((await me(carol)).user.email).toBe('carol.new@example.com');

    const erin = new ApiClient(t.url);
    expect((await erin.post('/vregister', { email: 'carol@example.com', my_callsign: 'W1ERN' })).status).toBe(200);
  });

  it('gives a contested new email to exactly one of two accounts changing at once', async () => {
    const [a, b] = await Promise.all([
      carol.post('/vupdateprofile', form({ clublog_email: '', email: 'shared@example.com' })),
      dave.post('/vupdateprofile', form({ clublog_email: '', name: 'Dave', email: 'shared@example.com' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const emails = [(await me(carol)).user.email, (await me(dave)).user.email];
    expect(emails.filter((e) => e === 'shared@example.com')).toHaveLength(1);
  });

  it('issues a new API key; the old one stops working at once', async () => {
    const before = (await me(dave)).user.api_key;
    const res = await dave.post<{ api_key: string; user: User }>('/vnewapikey');
    expect(res.status).toBe(200);
    expect(res.body.api_key).not.toBe(before);
    expect(res.body.user.api_key).toBe(res.body.api_key);
    const pool = createPool(t.db.url, 1);
    try {
      expect(await findUserIdByApiKey(pool, before)).toBeNull();
      expect(await findUserIdByApiKey(pool, res.body.api_key)).toBe((await me(dave)).user.id);
    } finally {
      await pool.end();
    }
    expect((await new ApiClient(t.url).post('/vnewapikey')).status).toBe(401);
  });

  it('makes a subscriber with the operator command; /vuser and logins show it', async () => {
    const run = spawnSync('npx', ['tsx', 'command-api/src/users/subscription-cli.ts', 'k1dav', 'premium', '2099-12-31', '--paid'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.db.url, EVENTSTORE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('K1DAV: premium until 2099-12-31T23:59:59Z (paid)');
    const deadline = Date.now() + 5_000;
    let view = await me(dave);
    while (!view.user.subscribed && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      view = await me(dave);
    }
    expect(view.user).toMatchObject({ subscribed: true, paid_subscription: 1 });
    expect(view.subscription).toEqual({ level: 'premium', expiryDate: '2099-12-31T23:59:59Z' });
    const login = await new ApiClient(t.url).post<{ user: User; subscription: unknown }>('/vlogin', { email: view.user.email, password: 'correct horse battery' });
    expect(login.body.subscription).toEqual({ level: 'premium', expiryDate: '2099-12-31T23:59:59Z' });
    expect(login.body.user).toMatchObject({ subscribed: true, paid_subscription: 1 });
    const bad = spawnSync('npx', ['tsx', 'command-api/src/users/subscription-cli.ts', 'NOBODY1', 'premium'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, DATABASE_URL: t.db.url, EVENTSTORE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('No account has the callsign NOBODY1.');
  }, 120_000);
});
