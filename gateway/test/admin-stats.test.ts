/**
 * The admin calls on the embedded default: POST /api/vadmin/users and /api/vadmin/stats answer
 * administrators only (the role granted as `npm run admin -- grant` grants it), with the cards'
 * figures counted from seeded accounts, subscriptions and QSOs. And GET /api/vdownloads: the
 * releases feed's installers, links for subscribers only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAdminRole, changeSubscription } from '@hamlog/command-api';
import { ADMIN_ONLY, adminPeriodStarts, type AdminStatsAnswer, type AdminUsersAnswer, type DownloadsAnswer } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { until } from './log-helpers';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const DAY = 86_400_000;

const FEED = [
  {
    tag_name: 'v2.4.1',
    html_url: 'https://github.com/hamlog/desktop/releases/tag/v2.4.1',
    published_at: '2026-08-01T00:00:00Z',
    assets: [
      { name: 'HamLog-Setup-2.4.1.exe', browser_download_url: 'https://example.com/2.4.1.exe', size: 81 },
      { name: 'HamLog-2.4.1.AppImage', browser_download_url: 'https://example.com/2.4.1.AppImage', size: 95 },
      { name: 'HamLog-2.4.1.dmg', browser_download_url: 'https://example.com/2.4.1.dmg', size: 90 },
    ],
  },
  { tag_name: 'v1.9.0', html_url: 'https://github.com/hamlog/desktop/releases/tag/v1.9.0', published_at: '2025-01-01T00:00:00Z', assets: [] },
];

describe('admin statistics and downloads (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let feedServer: Server;
  let clock: number | null = null;
  let admin: ApiClient;
  let member: ApiClient;
  let portable: ApiClient;
  const visitor = () => new ApiClient(t.url);
  /** When each seeded account was registered (ms), newest last. */
  const registered: number[] = [];

  const withStore = async (work: (store: PostgresEventStore) => Promise<unknown>) => {
    const store = await PostgresEventStore.connect(t.db.url, { poolSize: 2 });
    try {
      await work(store);
    } finally {
      await store.close();
    }
  };

  /** Registers an account as if `daysAgo` days before now (the command side's clock). */
  const registerAt = async (email: string, callsign: string, daysAgo: number) => {
    clock = Date.now() - daysAgo * DAY;
    try {
      const res = await visitor().post('/vregister', { email, my_callsign: callsign });
      expect(res.status).toBe(200);
      registered.push(clock);
    } finally {
      clock = null;
    }
  };

  beforeAll(async () => {
    feedServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(FEED)));
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/releases`;
    t = await startTestServer({ RELEASES_FEED_URL: feedUrl }, { now: () => new Date(clock ?? Date.now()) });

    await registerAt('old400@example.com', 'G4OLD', 400);
    await registerAt('old40@example.com', 'G4MON', 40);
    await registerAt('old9@example.com', 'G4WEK', 9);
    await registerAt('old2@example.com', 'G4TWO', 2);
    admin = new ApiClient(t.url);
    await admin.signUp('admin@example.com', 'W1AW');
    registered.push(Date.now());
    member = new ApiClient(t.url);
    await member.signUp('member@example.com', 'K1JT');
    registered.push(Date.now());
    expect((await admin.post('/vaddsubaccount', { callsign: 'W1AW/P' })).status).toBe(200);
    registered.push(Date.now());
    const me = await admin.call<{ user: { sub_accounts: Array<{ id: string }> } }>('GET', '/vuser');
    portable = new ApiClient(t.url);
    // A sub-account's session (as Switch Account makes it): the copy of the admin's client switches.
    portable.token = admin.token;
    const switched = await portable.post<{ token: string }>('/vLoginToSubaccount', { sub_account_id: me.body.user.sub_accounts[0]!.id });
    expect(switched.status).toBe(200);
    portable.token = switched.body.token;

    await withStore(async (store) => {
      // Paying: W1AW (paid, in force) and G4TWO (paid, in force). Not: K1JT (not paid),
      // G4WEK (paid but expired), W1AW/P (a sub-account, carrying its main account's).
      await changeSubscription(store, { callsign: 'W1AW', level: 'premium', expiry: '2099-12-31', paid: true });
      await changeSubscription(store, { callsign: 'G4TWO', level: 'premium', expiry: '2099-12-31', paid: true });
      await changeSubscription(store, { callsign: 'K1JT', level: 'premium', expiry: '2099-12-31', paid: false });
      await changeSubscription(store, { callsign: 'G4WEK', level: 'premium', expiry: '2020-01-01', paid: true });
    });
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    feedServer?.closeAllConnections();
    await new Promise((resolve) => feedServer?.close(resolve));
  });

  it('refuses visitors (401) and non-administrators (403), on both calls', async () => {
    for (const path of ['/vadmin/users', '/vadmin/stats']) {
      expect((await visitor().post(path)).status).toBe(401);
      const refused = await member.post(path);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: ADMIN_ONLY });
    }
  });

  it('answers an administrator (granted as the CLI grants it) with the cards counted from the accounts', async () => {
    await withStore((store) => changeAdminRole(store, { callsign: 'W1AW', grant: true }));
    // The role reaches the read model through the projection; the sub-account does not inherit it.
    const res = await until(() => admin.post<AdminUsersAnswer>('/vadmin/users'), (r) => r.status === 200, 'the admin role');
    expect((await portable.post('/vadmin/users')).status).toBe(403);

    const starts = adminPeriodStarts(new Date());
    const since = (start: Date) => registered.filter((at) => at >= start.getTime()).length;
    const body = res.body;
    expect(body).toMatchObject({
      new_today: since(starts.today),
      new_this_week: since(starts.week),
      new_this_month: since(starts.month),
      total_profiles: 7,
      paying_accounts: 2,
      monthly_revenue: 5.3,
      annual_revenue: 63.6,
      currency: 'GBP',
    });
    expect(body.new_today).toBeGreaterThanOrEqual(3);
    expect(body.users.map((u) => u.my_callsign)).toEqual(['W1AW/P', 'K1JT', 'W1AW', 'G4TWO', 'G4WEK', 'G4MON', 'G4OLD']);
    const row = (call: string) => body.users.find((u) => u.my_callsign === call)!;
    expect(row('W1AW/P')).toMatchObject({ subscribed: true, managed_by_callsign: 'W1AW', profile_image_name: expect.any(String) });
    expect(row('K1JT')).toMatchObject({ subscribed: true, managed_by_callsign: null });
    expect(row('G4WEK').subscribed).toBe(false);
    expect(row('G4OLD').subscribed).toBe(false);
    expect(Date.parse(row('G4OLD').created_at)).toBeCloseTo(registered[0]!, -4);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('answers the platform per day (new users, QSOs, active stations) and the top entities', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    await admin.post('/vqso/upsert', { data: { Call: 'DL1ABC', TS: `${today}T00:00:01Z`, Freq: 14074, Mode: 'FT8' } });
    await admin.post('/vqso/upsert', { data: { Call: 'DL2XYZ', TS: `${yesterday}T12:00:00Z`, Freq: 7074, Mode: 'FT8' } });
    await member.post('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: `${today}T00:00:02Z`, Freq: 21074, Mode: 'FT8' } });
    await member.post('/vqso/upsert', { data: { Call: 'DL3QQ', TS: '2020-05-05T05:05:05Z', Freq: 14074, Mode: 'CW' } });

    const res = await until(
      () => admin.post<AdminStatsAnswer>('/vadmin/stats', { days: 2 }),
      (r) => r.body.days?.[1]?.qsos === 2 && r.body.top_entities?.[0]?.qsos === 3,
      'the QSOs in the aggregates',
    );
    const newToday = registered.filter((at) => new Date(at).toISOString().slice(0, 10) === today).length;
    const newYesterday = registered.filter((at) => new Date(at).toISOString().slice(0, 10) === yesterday).length;
    expect(res.body.days).toEqual([
      { day: yesterday, new_users: newYesterday, qsos: 1, active_stations: 1 },
      { day: today, new_users: newToday, qsos: 2, active_stations: 2 },
    ]);
    expect(res.body.top_entities).toEqual([
      { dxcc: 230, name: 'Fed. Rep. of Germany', qsos: 3 },
      { dxcc: 339, name: 'Japan', qsos: 1 },
    ]);
    // The default window is 30 days; a silly one is clamped.
    expect((await admin.post<AdminStatsAnswer>('/vadmin/stats')).body.days).toHaveLength(30);
    expect((await admin.post<AdminStatsAnswer>('/vadmin/stats', { days: 100_000 })).body.days).toHaveLength(366);
  });

  it('refuses again once the role is revoked', async () => {
    await withStore((store) => changeAdminRole(store, { callsign: 'W1AW', grant: false }));
    await until(() => admin.post('/vadmin/users'), (r) => r.status === 403, 'the revoked role');
  });

  it('GET /vdownloads: the feed’s installers for everyone, the links for subscribers only', async () => {
    const seen = await visitor().call<DownloadsAnswer>('GET', '/vdownloads');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ app_version: 2, access: 'login', version: '2.4.1', source: 'feed' });
    expect(seen.body.installers.map((i) => [i.platform, i.file_name, i.url])).toEqual([
      ['Windows', 'HamLog-Setup-2.4.1.exe', null],
      ['Linux', 'HamLog-2.4.1.AppImage', null],
      ['Mac', 'HamLog-2.4.1.dmg', null],
    ]);
    expect(seen.body.other_versions).toEqual([{ version: '1.9.0', published_at: '2025-01-01T00:00:00.000Z', url: null }]);

    const plain = new ApiClient(t.url);
    await plain.signUp('plain@example.com', 'N0SUB');
    const upgrade = (await plain.call<DownloadsAnswer>('GET', '/vdownloads')).body;
    expect(upgrade.access).toBe('upgrade');
    expect(upgrade.installers.every((i) => i.url === null)).toBe(true);

    // The expired subscriber must upgrade; the subscriber and its sub-account get the links.
    for (const [client, access] of [[admin, 'allowed'], [portable, 'allowed']] as const) {
      const answer = (await client.call<DownloadsAnswer>('GET', '/vdownloads')).body;
      expect(answer.access).toBe(access);
      expect(answer.installers.map((i) => i.url)).toEqual(['https://example.com/2.4.1.exe', 'https://example.com/2.4.1.AppImage', 'https://example.com/2.4.1.dmg']);
      expect(answer.other_versions[0]!.url).toBe('https://github.com/hamlog/desktop/releases/tag/v1.9.0');
    }
  });
});
