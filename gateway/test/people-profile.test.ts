import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommandPath } from '@hamlog/command-api';
import { PROFILE_NOT_FOUND, type ProfileAnswer } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { subscribe } from './people-helpers';
import { ApiClient, startTestServer, startWithAliceAndBob, type TestServer } from './server-harness';

const SECRETS = {
  mobile_number: '+1 555 0100',
  qrz_api_key: 'QRZ-SECRET-KEY-1',
  clublog_email: 'clublog-private@example.com',
  clublog_password: 'CLUBLOG-SECRET-PW',
  eqsl_apikey: 'EQSL-SECRET-KEY-1',
};
const PRIVATE_FIELDS = ['email', 'api_key', 'mobile_number', 'qrz_api_key', 'clublog_email', 'clublog_password', 'eqsl_apikey', 'has_password', 'password'];

describe('public profiles: GET /api/vprofilefor', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let aliceApiKey: string;

  beforeAll(async () => {
    ({ t, alice, bob, aliceId } = await startWithAliceAndBob('w1aw'));
    const form = await alice.post('/vupdateprofile', {
      name: 'Alice Operator',
      email: 'alice@example.com',
      qth: 'Newington, CT',
      grid: 'FN31pr',
      profile_bio: 'Mostly CW & FT8. 73 <3',
      club_call: 'W1AW',
      facebook_link: 'https://facebook.com/alice',
      is_ham: 1,
      ...SECRETS,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    for (const [call, ts] of [['DL1ABC', '2025-01-01T10:00:00Z'], ['G3XYZ', '2025-01-02T10:00:00Z'], ['JA1AAA', '2025-01-03T10:00:00Z']]) {
      const logged = await alice.post('/vqso/upsert', { data: { Call: call, TS: ts, Freq: 14074, Mode: 'FT8' } });
      expect(logged.status).toBe(201);
    }
    const me = await alice.call<{ user: { api_key: string } }>('GET', '/vuser');
    aliceApiKey = me.body.user.api_key;
  });
  afterAll(async () => t?.stop());

  it('answers the public details, recent QSOs newest first, and empty awards and posts', async () => {
    const anon = new ApiClient(t.url);
    // A visitor carries no write position: wait until alice's profile and QSOs are projected.
    await expect.poll(async () => (await anon.call<ProfileAnswer>('GET', '/vprofilefor?callsign=w1aw')).body.profile?.qso_history.length).toBe(3);
    const res = await anon.call<ProfileAnswer>('GET', '/vprofilefor?callsign=w1aw');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.following).toBe(false);
    expect(res.body.profile).toMatchObject({
      id: aliceId,
      name: 'Alice Operator',
      my_callsign: 'W1AW',
      qth: 'Newington, CT',
      grid: 'FN31pr',
      club_call: 'W1AW',
      facebook_link: 'https://facebook.com/alice',
      is_ham: true,
      is_swl: false,
      profile_image_name: 'missing.JPG',
      subscribed: false,
      main_account: null,
      photos: [],
      user_awards: [],
      posts: [],
    });
    expect(res.body.profile.profile_bio).toContain('Mostly CW & FT8.');
    expect(res.body.profile.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(res.body.profile.qso_history.map((q) => q.Call)).toEqual(['JA1AAA', 'G3XYZ', 'DL1ABC']);
    expect(res.body.profile.qso_history[0]).toMatchObject({ station_callsign: 'W1AW', Freq: 14074, Mode: 'FT8', Band: '20m' });
  });

  it('never carries email, API key, mobile number or QRZ/Clublog/eQSL secrets, to anyone', async () => {
    for (const viewer of [new ApiClient(t.url), bob, alice]) {
      const res = await viewer.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      for (const secret of [...Object.values(SECRETS), 'alice@example.com', aliceApiKey]) expect(text).not.toContain(secret);
      for (const field of PRIVATE_FIELDS) expect(res.body.profile).not.toHaveProperty(field);
    }
  });

  it('shows the verified badge for an active subscription only', async () => {
    await subscribe(t, aliceId, 'premium', '2020-01-01T00:00:00Z');
    await new Promise((done) => setTimeout(done, 300));
    expect((await bob.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW')).body.profile.subscribed).toBe(false);
    await subscribe(t, aliceId, 'premium', null);
    await expect.poll(async () => (await bob.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW')).body.profile.subscribed).toBe(true);
  });

  it('answers 404 with a message for an unknown callsign, and 422 without one', async () => {
    const anon = new ApiClient(t.url);
    const missing = await anon.call('GET', '/vprofilefor?callsign=N0BODY');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: PROFILE_NOT_FOUND });
    expect((await anon.call('GET', '/vprofilefor')).status).toBe(422);
    expect((await anon.call('GET', '/vprofilefor?callsign=')).status).toBe(422);
  });

  it('shows a sub-account with its main account', async () => {
    const added = await alice.post('/vaddsubaccount', { callsign: 'W1AW/P' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await expect.poll(async () => (await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW%2FP')).status).toBe(200);
    const sub = await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=w1aw/p');
    expect(sub.body.profile).toMatchObject({ my_callsign: 'W1AW/P', main_account: 'W1AW', managed_by_callsign: 'W1AW' });
  });
});

describe('page views: POST /api/log-page-view', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.stop());

  const rows = async () => {
    const pool = createPool(t.db.url, 1);
    try {
      return (await pool.query('SELECT user_id, session_id, page_url, utm_source, utm_medium, referrer_url FROM analytics_page_views ORDER BY id')).rows;
    } finally {
      await pool.end();
    }
  };

  it('records a view for visitors and users, trusting the token, not the body, for the user', async () => {
    const carol = new ApiClient(t.url);
    const carolId = await carol.signUp('carol@example.com', 'G4ABC');
    const anon = new ApiClient(t.url);
    const visit = await anon.post('/log-page-view', { user_id: carolId, session_id: 's-1', page_url: '/W1AW', utm_source: 'news', utm_medium: 'email', referrer_url: 'https://example.org/' });
    expect(visit.status).toBe(204);
    const mine = await carol.post('/log-page-view', { user_id: 'someone-else', session_id: 's-2', page_url: '/logs' });
    expect(mine.status).toBe(204);
    expect(await rows()).toEqual([
      { user_id: null, session_id: 's-1', page_url: '/W1AW', utm_source: 'news', utm_medium: 'email', referrer_url: 'https://example.org/' },
      { user_id: carolId, session_id: 's-2', page_url: '/logs', utm_source: null, utm_medium: null, referrer_url: null },
    ]);
  });

  it('caps the lengths and refuses a view without a page', async () => {
    const anon = new ApiClient(t.url);
    expect((await anon.post('/log-page-view', { page_url: `/${'x'.repeat(5000)}`, utm_source: 'u'.repeat(1000), session_id: 's'.repeat(500) })).status).toBe(204);
    const last = (await rows()).at(-1) as Record<string, string>;
    expect(last.page_url).toHaveLength(2048);
    expect(last.utm_source).toHaveLength(255);
    expect(last.session_id).toHaveLength(64);
    const none = await anon.post('/log-page-view', { session_id: 's-3' });
    expect(none.status).toBe(422);
    expect(await anon.post('/log-page-view', [1, 2])).toMatchObject({ status: 400 });
  });

  it('limits the views one address may log', async () => {
    const anon = new ApiClient(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) statuses.push((await anon.post('/log-page-view', { page_url: `/p${i}` })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await anon.post('/log-page-view', { page_url: '/again' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the production gateway', () => {
  it('sends the people writes (reading the inbox marks it read) to command-api and the reads to query-api', () => {
    for (const path of ['/vsetfollowstate', '/vuploadphoto', '/vphotodelete', '/vphotomakedefault', '/vsendmessage', '/vinbox', '/log-page-view']) {
      expect(isCommandPath(path), path).toBe(true);
    }
    for (const path of ['/vprofilefor', '/vphotos', '/vsr']) expect(isCommandPath(path), path).toBe(false);
  });
});
