/**
 * The authorization walk: every call the server mounts (found by walking the live express app, so
 * a new route cannot be forgotten) is made as a visitor and as a second user (Bob) against the
 * first user's (Alice's) data. Nobody but Alice may read her private data or change anything of
 * hers; public calls answer without private fields; and afterwards her data is exactly as before.
 * Every call is made as Alice's own key session too (signed in with her API key, decision 0049):
 * outside its scope it is refused (403), in scope it works, and it never reads her secrets.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudlogCommandRouter, commandRouter, isCommandPath, stripeWebhookRouter, type CommandDeps } from '@hamlog/command-api';
import {
  API_KEY_LOGIN_FAILED,
  callsignClaimStreamName,
  emailClaimStreamName,
  EMAIL_TAKEN,
  followsStreamName,
  inboxStreamName,
  KEY_SESSION_OUT_OF_SCOPE,
  LOGIN_FAILED,
  MESSAGING_UPGRADE_REQUIRED,
  photosStreamName,
  PHOTO_NOT_FOUND,
  PIN_SENT,
  QRZ_KEY_MISSING,
  QSO_NOT_FOUND,
  qsoStreamName,
  rigStreamName,
  SUB_ACCOUNT_CALLSIGN_REGISTERED,
  SUB_ACCOUNT_CANNOT_ADD,
  SUB_ACCOUNT_NOT_FOUND,
  userStreamName,
  WRONG_PIN,
} from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { contentHashName } from '@hamlog/infra/files/content-name';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { mp3Sample } from '@hamlog/infra/testing/audio-samples';
import { appRoutes, routerRoutes } from './express-routes';
import { readMailbox } from './mailbox';
import { subscribe } from './people-helpers';
import { startTestServer, type TestServer } from './server-harness';

const INDEX_HTML = '<!doctype html><html><head><title>HamLog</title></head><body><div id="root"></div></body></html>';
/** A tiny MP3: an ID3v2 tag and three MPEG-1 layer III frames of silence. */
const MP3 = mp3Sample();
const ALICE_PASSWORD = 'alice-correct-horse-battery';
const BOB_PASSWORD = 'bob-staple-battery-horse';
/** Fields a public answer must never carry: credentials and contact details. */
const PRIVATE_FIELDS = ['email', 'api_key', 'mobile_number', 'qrz_api_key', 'eqsl_apikey', 'clublog_email', 'clublog_password', 'has_clublog_password', 'password', 'password_hash', 'has_password'];

interface Answer {
  status: number;
  text: string;
  /** The parsed JSON answer (null for none); loosely typed, as the walk reads many shapes. */
  body: any;
  headers: Headers;
}

/** What a stranger must never see in any answer: Alice's secrets, filled in as they are made. */
const secrets = new Map<string, string>();
/** The secrets Alice's own key session never sees either: her contact details, other services' keys, her other keys, sessions and messages. */
const UNSEEN_BY_KEY_SESSION = ['email', 'password', 'read-only api key', 'token', "sub-account's token", 'mobile number', 'QRZ key', 'Clublog email', 'Clublog password', 'eQSL key', 'direct message', 'password hash'];
const leaks: string[] = [];

function leaksIn(text: string): string[] {
  return [...secrets].filter(([, value]) => value && text.includes(value)).map(([name]) => name);
}

/**
 * An HTTP caller. Like the web client it sends its last write's position on reads. A stranger's
 * every answer is searched for Alice's secrets; what is found is recorded and fails the walk.
 */
class Caller {
  position = 0;
  constructor(
    readonly name: string,
    readonly base: string,
    public token: string | null = null,
    readonly stranger = false,
    /** For a caller who is not a stranger: the secrets it must not see all the same. */
    readonly unseen: readonly string[] = [],
  ) {}

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.token && !headers.authorization) headers.authorization = `Bearer ${this.token}`;
    if (this.position > 0) headers['x-min-position'] = String(this.position);
    const res = await fetch(`${this.base}${path}`, { ...init, headers });
    const position = Number(res.headers.get('x-log-position'));
    if (position > this.position) this.position = position;
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = /^(image|audio)\//.test(res.headers.get('content-type') ?? '') ? '' : bytes.toString('utf8');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const seen = leaksIn(text).filter((name) => this.stranger || this.unseen.includes(name));
    for (const name of seen) leaks.push(`${this.name} ${init.method ?? 'GET'} ${path}: ${name}`);
    return { status: res.status, text, body, headers: res.headers };
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  }

  get(path: string): Promise<Answer> {
    return this.fetch(`/api${path}`);
  }

  upload(path: string, bytes: Uint8Array, name = 'photo.png', type = 'image/png'): Promise<Answer> {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type }), name);
    return this.fetch(`/api${path}`, { method: 'POST', body: form });
  }

  raw(path: string, bytes: Uint8Array, headers: Record<string, string>): Promise<Answer> {
    return this.fetch(`/api${path}`, { method: 'POST', body: bytes, headers: { 'content-type': 'application/octet-stream', ...headers } });
  }
}

/** The post form as the browser sends it (multipart), with a fresh captcha answered right. */
async function sendPost(caller: Caller, path: string, fields: Record<string, string>): Promise<Answer> {
  const form = new FormData();
  const captcha = caller.token ? (await caller.post('/vpostcaptcha')).body : null;
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec(captcha?.question ?? '') ?? [];
  const all = { body: 'A body long enough for a post, written for the authorization walk.', youtube_video_id: 'dQw4w9WgXcQ', ...fields };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  form.append('captcha_token', captcha?.token ?? '');
  form.append('captcha_answer', String(Number(x) + Number(y)));
  return caller.fetch(`/api${path}`, { method: 'POST', body: form });
}

function expectAnswer(answer: Answer, status: number, what = ''): void {
  expect(answer.status, `${what} ${answer.text.slice(0, 300)}`).toBe(status);
  expect(leaksIn(answer.text), what).toEqual([]);
}

function expectNoPrivateFields(value: unknown, where: string): void {
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        expect(PRIVATE_FIELDS, `${where}: ${path}.${key}`).not.toContain(key);
        walk(child, `${path}.${key}`);
      }
    }
  };
  walk(value, '');
}

// --- the walk ------------------------------------------------------------------------------

interface Seed {
  aliceId: string;
  bobId: string;
  carolId: string;
  subId: string;
  aliceKey: string;
  bobKey: string;
  liveQso: string;
  deletedQso: string;
  liveQsoData: Record<string, unknown>;
  photoId: string;
  photoFile: string;
  postId: string;
  png: Buffer;
}

type Access = 'public' | 'signed-in' | 'api-key';

interface Case {
  /** The routes (as the app mounts them) this case covers. */
  routes: string[];
  access: Access;
  /** A request for the generic checks: signed-in calls refuse visitors and dead tokens, API-key calls refuse missing and wrong keys. */
  request?: (s: Seed) => { method?: 'GET' | 'POST'; path: string; body?: unknown };
  /** The visitor and Bob at Alice's data, with what must happen. */
  probe: (s: Seed) => Promise<void>;
  /**
   * Alice's own key session on these routes (decision 0049): 'refused' (403 with the scope's one
   * message, each route called with Alice's data), 'as-visitor' (the call does not look at
   * sessions: the key session gets what a visitor gets), or in scope, with what must work.
   */
  key: 'refused' | 'as-visitor' | { inScope: () => Promise<void> };
}

describe('authorization walk: every call, as a visitor and as another user, against the first user', () => {
  let t: TestServer;
  let dataDir: string;
  let pool: Pool;
  let store: PostgresEventStore;
  let alice: Caller;
  let aliceSub: Caller;
  let bob: Caller;
  let carol: Caller;
  let visitor: Caller;
  /** Alice's own session signed in with her API key, as the mobile app has it. */
  let aliceApp: Caller;
  /** A session Bob had and logged out of. */
  let revokedToken = '';
  let s: Seed;
  let before: Record<string, unknown>;
  let streamsBefore: Record<string, number>;

  const caller = (name: string, token: string | null = null, stranger = false) => new Caller(name, t.url, token, stranger);

  /** A new session from Alice's API key, as the mobile app makes it from the settings' QR code. */
  async function aliceKeySession(name: string): Promise<Caller> {
    const login = await caller(name).post('/vapikeylogin', { api_key: s.aliceKey });
    expect(login.status, login.text).toBe(200);
    return new Caller(name, t.url, login.body.token as string, false, UNSEEN_BY_KEY_SESSION);
  }

  async function signUp(name: string, email: string, callsign: string, password: string): Promise<{ c: Caller; id: string }> {
    const c = caller(name);
    const reg = await c.post('/vregister', { email, my_callsign: callsign });
    expect(reg.status, reg.text).toBe(200);
    c.token = reg.body.token as string;
    expect((await c.post('/vupdateprofile', { password, password_confirmation: password })).status).toBe(200);
    return { c, id: reg.body.user.id as string };
  }

  /** Everything Alice (and her sub-account) can see of her own data, read after the log's head. */
  async function aliceView(): Promise<Record<string, unknown>> {
    const head = await store.headPosition();
    alice.position = Math.max(alice.position, head);
    aliceSub.position = Math.max(aliceSub.position, head);
    const bodies = await Promise.all([
      alice.get('/vuser'),
      alice.post('/vlogbook'),
      alice.post('/vlogbookcount'),
      alice.post('/vqso/get', { qdo_id: s.liveQso }),
      alice.post('/vqso/history', { qdo_id: s.liveQso }),
      alice.post('/vqso/history', { qdo_id: s.deletedQso }),
      alice.post('/vqso/deleted'),
      alice.post('/vphotos'),
      alice.post('/vsr'),
      alice.get('/vprofilefor?callsign=W1AW'),
      aliceSub.get('/vuser'),
      alice.post('/vrigcontrol/get'),
    ]);
    for (const b of bodies) expect(b.status, b.text).toBe(200);
    const [user, logbook, count, qso, history, deletedHistory, trash, photos, status, profile, sub, rig] = bodies.map((b) => b.body);
    // The rig's on-air flags follow the clock; its report must not change.
    const { freq, mode, rig_name } = rig as Record<string, unknown>;
    return { user, logbook, count, qso, history, deletedHistory, trash, photos, status, profile, sub, rig: { freq, mode, rig_name } };
  }

  function aliceStreams(): string[] {
    return [
      userStreamName(s.aliceId),
      userStreamName(s.subId),
      photosStreamName(s.aliceId),
      followsStreamName(s.aliceId),
      inboxStreamName(s.aliceId),
      rigStreamName(s.aliceId),
      qsoStreamName(s.liveQso),
      qsoStreamName(s.deletedQso),
      emailClaimStreamName('alice.private@example.com'),
      callsignClaimStreamName('W1AW'),
      callsignClaimStreamName('W1AW/P'),
    ];
  }

  async function streamLengths(): Promise<Record<string, number>> {
    const lengths = await Promise.all(aliceStreams().map(async (id) => [id, (await store.readStream(id)).length] as const));
    return Object.fromEntries(lengths);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hamlog-authz-'));
    const webDist = join(dataDir, 'web');
    await mkdir(webDist);
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    t = await startTestServer({ DATA_DIR: dataDir, WEB_DIST: webDist });
    pool = createPool(t.db.url, 2);
    store = await PostgresEventStore.create(pool);
    visitor = caller('visitor', null, true);

    const a = await signUp('alice', 'alice.private@example.com', 'W1AW', ALICE_PASSWORD);
    const b = await signUp('bob', 'bob@example.com', 'K1JT', BOB_PASSWORD);
    const c = await signUp('carol', 'carol@example.com', 'G4CAR', 'carol-horse-battery');
    alice = a.c;
    carol = c.c;
    bob = new Caller('bob', t.url, b.c.token, true);
    bob.position = b.c.position;

    // Alice's private settings and credentials.
    const profile = await alice.post('/vupdateprofile', {
      name: 'Alice Private',
      email: 'alice.private@example.com',
      qth: 'Newington, CT',
      grid: 'FN31pr',
      mobile_number: '+1 860 555 0147',
      qrz_api_key: 'QRZ-ALICE-SECRET-KEY',
      clublog_email: 'clublog.alice@example.com',
      clublog_password: 'CLUBLOG-ALICE-PASSWORD',
      eqsl_apikey: 'EQSL-ALICE-SECRET',
    });
    expect(profile.status, profile.text).toBe(200);
    const aliceKey = profile.body.user.api_key as string;

    // Her logbook: one QSO kept (with a recording), one deleted.
    const liveQsoData = { Call: 'DL1ABC', TS: '2025-06-01T18:30:00Z', Freq: 14074, Mode: 'FT8', Name: 'Hans', Comment: 'Nice signal' };
    const live = await alice.post('/vqso/upsert', { data: liveQsoData });
    expect(live.status, live.text).toBe(201);
    const gone = await alice.post('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: '2025-06-02T09:00:00Z', Freq: 7074, Mode: 'FT8', Comment: 'DELETED-QSO-PRIVATE-NOTE' } });
    expect(gone.status).toBe(201);
    expect((await alice.post('/vqso/nuke', { qdo_id: gone.body.qdo_id })).status).toBe(200);
    expect((await alice.raw(`/qso/${live.body.qdo_id as string}/recordings`, MP3, { 'x-api-key': aliceKey })).status).toBe(201);

    // A photo, a sub-account, someone she follows, her rig.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3366' } }).png().toBuffer();
    const photo = await alice.upload('/vuploadphoto', png);
    expect(photo.status, photo.text).toBe(201);
    const added = await alice.post('/vaddsubaccount', { callsign: 'W1AW/P' });
    expect(added.status, added.text).toBe(200);
    const subId = added.body.user.sub_accounts[0].id as string;
    const switched = await alice.post('/vLoginToSubaccount', { sub_account_id: subId });
    expect(switched.status).toBe(200);
    aliceSub = caller('alice/p', switched.body.token as string);
    expect((await alice.post('/vsetfollowstate', { user_id: c.id, follow_level: 1 })).status).toBe(200);
    expect((await alice.post('/radio', { key: aliceKey, radio: 'IC-7300', frequency: 14074000, mode: 'USB' })).status).toBe(200);
    const readOnly = await alice.post('/vapikeys/create', { key_id: 'viewer' });
    expect(readOnly.status, readOnly.text).toBe(200);
    const aliceReadOnlyKey = readOnly.body.api_keys[1].api_key as string;

    // A direct message to her from a subscriber, still unread.
    await subscribe(t, c.id);
    const dm = await carol.post('/vsendmessage', { message: 'Secret sked on 7.074 at 2100Z, tell no one', recipient_id: a.id });
    expect(dm.status, dm.text).toBe(201);

    // A session of Bob's that he logged out of.
    const again = await caller('bob2').post('/vlogin', { email: 'bob@example.com', password: BOB_PASSWORD });
    revokedToken = again.body.token as string;
    expect((await caller('bob2', revokedToken).post('/vlogout')).status).toBe(200);

    // A post of hers, which only she may update.
    const post = await sendPost(alice, '/vstore', { title: "Alice's own station report" });
    expect(post.status, post.text).toBe(201);

    const bobUser = await bob.get('/vuser');
    s = {
      aliceId: a.id,
      bobId: b.id,
      carolId: c.id,
      subId,
      aliceKey,
      bobKey: bobUser.body.user.api_key as string,
      liveQso: live.body.qdo_id as string,
      deletedQso: gone.body.qdo_id as string,
      liveQsoData,
      photoId: photo.body.photo.id as string,
      photoFile: photo.body.photo.profile_image_name as string,
      postId: post.body.id as string,
      png,
    };
    const subKey = (await aliceSub.get('/vuser')).body.user.api_key as string;
    aliceApp = await aliceKeySession('alice/key');
    for (const [name, value] of Object.entries({
      'email': 'alice.private@example.com',
      'password': ALICE_PASSWORD,
      'api key': aliceKey,
      'read-only api key': aliceReadOnlyKey,
      "sub-account's api key": subKey,
      'token': alice.token ?? '',
      "sub-account's token": aliceSub.token ?? '',
      'key session token': aliceApp.token ?? '',
      'mobile number': '+1 860 555 0147',
      'QRZ key': 'QRZ-ALICE-SECRET-KEY',
      'Clublog email': 'clublog.alice@example.com',
      'Clublog password': 'CLUBLOG-ALICE-PASSWORD',
      'eQSL key': 'EQSL-ALICE-SECRET',
      'direct message': 'Secret sked on 7.074',
      'deleted QSO': 'DELETED-QSO-PRIVATE-NOTE',
      'password hash': '$argon2',
    })) secrets.set(name, value);

    before = await aliceView();
    expect((before.status as { notification_count: number }).notification_count).toBe(1);
    streamsBefore = await streamLengths();
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await t?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const GET = (path: string) => ({ method: 'GET' as const, path });

  const cases: Case[] = [
    // --- accounts ---
    {
      routes: ['POST /api/vregister'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const taken = await visitor.post('/vregister', { email: 'ALICE.private@example.com', my_callsign: 'W1AW/P' });
        expectAnswer(taken, 422, 'register with her email and her sub-account callsign');
        expect(taken.body.errors.email).toEqual([EMAIL_TAKEN]);
        expect(taken.body.errors.my_callsign).toHaveLength(1);
        expect(taken.body.token).toBeUndefined();
      },
    },
    {
      routes: ['POST /api/vlogin'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const password of ['wrong-password', '', BOB_PASSWORD]) {
          const res = await visitor.post('/vlogin', { email: 'alice.private@example.com', password });
          expectAnswer(res, 401, 'login with a wrong password');
          expect(res.body).toEqual({ message: LOGIN_FAILED });
        }
      },
    },
    {
      routes: ['POST /api/vlogout'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          // It signs itself out, and only itself.
          const app = await aliceKeySession('alice/key2');
          expect((await app.post('/vlogout', { token: alice.token, user_id: s.aliceId })).status).toBe(200);
          expect((await app.get('/vuser')).status).toBe(401);
          for (const still of [aliceApp, alice]) expect((await still.get('/vuser')).status).toBe(200);
        },
      },
      request: () => ({ path: '/vlogout' }),
      probe: async () => {
        // Logging out ends the caller's own session, whatever token the body names.
        const other = caller('bob3', null, true);
        other.token = (await other.post('/vlogin', { email: 'bob@example.com', password: BOB_PASSWORD })).body.token as string;
        expectAnswer(await other.post('/vlogout', { token: alice.token, user_id: s.aliceId }), 200);
        expect((await alice.get('/vuser')).status).toBe(200);
        expect((await other.get('/vuser')).status).toBe(401);
      },
    },
    {
      routes: ['POST /api/vsignouteverywhere'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vsignouteverywhere' }),
      probe: async () => {
        // Signing out everywhere ends the caller's other sessions only, whatever user the body names.
        const dave = await signUp('dave', 'dave@example.com', 'DL4DAV', 'dave-password-1');
        const laptop = caller('dave2', null, true);
        laptop.token = (await laptop.post('/vlogin', { email: 'dave@example.com', password: 'dave-password-1' })).body.token as string;
        expectAnswer(await dave.c.post('/vsignouteverywhere', { user_id: s.aliceId, token: alice.token }), 200);
        expect((await alice.get('/vuser')).status).toBe(200);
        expect((await dave.c.get('/vuser')).status).toBe(200);
        expect((await laptop.get('/vuser')).status).toBe(401);
      },
    },
    {
      routes: ['POST /api/vsendpin'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const mailsBefore = await readMailbox(dataDir);
        const hers = await visitor.post('/vsendpin', { callsign: 'w1aw' });
        const nobody = await visitor.post('/vsendpin', { callsign: 'ZZ9ZZZ' });
        const sub = await visitor.post('/vsendpin', { callsign: 'W1AW/P' });
        for (const res of [hers, nobody, sub]) {
          expectAnswer(res, 200, 'send PIN');
          expect(res.body).toEqual({ message: PIN_SENT });
        }
        // The PIN goes to Alice's own address only; nothing for a sub-account or an unknown callsign.
        const sent = (await readMailbox(dataDir)).slice(mailsBefore.length);
        expect(sent.map((m) => m.to)).toEqual(['alice.private@example.com']);
      },
    },
    {
      routes: ['POST /api/vpinlogin'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const callsign of ['W1AW', 'W1AW/P']) {
          const res = await visitor.post('/vpinlogin', { callsign, pin: '12345678' });
          expectAnswer(res, 401, `PIN login as ${callsign}`);
          expect(res.body).toEqual({ message: WRONG_PIN });
        }
      },
    },
    {
      routes: ['POST /api/vapikeylogin'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const key of ['not-a-key', s.aliceKey.toUpperCase(), `${s.aliceKey} `.repeat(2)]) {
          const res = await visitor.post('/vapikeylogin', { api_key: key });
          expectAnswer(res, 401, 'API-key login with a wrong key');
          expect(res.body).toEqual({ message: API_KEY_LOGIN_FAILED });
        }
        // Bob's own key signs Bob in, whatever user the body names.
        const own = await bob.post('/vapikeylogin', { api_key: s.bobKey, user_id: s.aliceId, callsign: 'W1AW' });
        expectAnswer(own, 200, "API-key login with Bob's key");
        expect(own.body.user.id).toBe(s.bobId);
      },
    },
    {
      routes: ['POST /api/vaddsubaccount'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vaddsubaccount', body: { callsign: 'W1AW/M' } }),
      probe: async () => {
        for (const callsign of ['W1AW/P', 'W1AW']) {
          const res = await bob.post('/vaddsubaccount', { callsign });
          expectAnswer(res, 409, `Bob adds ${callsign}`);
          expect(res.body.message).toBe(SUB_ACCOUNT_CALLSIGN_REGISTERED);
        }
        // A sub-account adds nothing, not even under its main account.
        const fromSub = await aliceSub.post('/vaddsubaccount', { callsign: 'W1AW/M' });
        expect(fromSub.status).toBe(403);
        expect(fromSub.body.message).toBe(SUB_ACCOUNT_CANNOT_ADD);
      },
    },
    {
      routes: ['POST /api/vLoginToSubaccount'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          // The sub-account session it opens is a key session too: it reads its logbook, and changes nothing else.
          const switched = await aliceApp.post('/vLoginToSubaccount', { sub_account_id: s.subId });
          expect(switched.status, switched.text).toBe(200);
          const sub = new Caller('alice/p key', t.url, switched.body.token as string, false, UNSEEN_BY_KEY_SESSION);
          expect((await sub.get('/vuser')).body.user).toMatchObject({ id: s.subId, my_callsign: 'W1AW/P' });
          expect((await sub.post('/vlogbook')).status).toBe(200);
          for (const path of ['/vupdateprofile', '/vsignouteverywhere', '/vnewapikey', '/vaddsubaccount']) {
            const res = await sub.post(path, { name: 'Portable', qth: 'Field', grid: 'FN31', email: '', callsign: 'W1AW/M' });
            expect(res.status, `the sub-account's key session: ${path}`).toBe(403);
            expect(res.body).toEqual({ message: KEY_SESSION_OUT_OF_SCOPE });
          }
        },
      },
      request: (d) => ({ path: '/vLoginToSubaccount', body: { sub_account_id: d.subId } }),
      probe: async () => {
        for (const id of [s.subId, s.subId.toUpperCase(), s.aliceId, 'not-an-id']) {
          const res = await bob.post('/vLoginToSubaccount', { sub_account_id: id });
          expectAnswer(res, 404, `Bob switches into ${id}`);
          expect(res.body).toEqual({ message: SUB_ACCOUNT_NOT_FOUND });
        }
        // Nor does the sub-account switch "back" into its main account this way.
        expect((await aliceSub.post('/vLoginToSubaccount', { sub_account_id: s.aliceId })).status).toBe(404);
      },
    },
    {
      routes: ['POST /api/vupdateprofile'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vupdateprofile', body: { password: 'hijacked-password', password_confirmation: 'hijacked-password' } }),
      probe: async () => {
        const form = { name: 'Bob', email: 'alice.private@example.com', qth: 'Boston', grid: 'FN42', id: s.aliceId, user_id: s.aliceId };
        const taken = await bob.post('/vupdateprofile', form);
        expectAnswer(taken, 422, "Bob takes Alice's email");
        expect(taken.body.errors.email).toEqual([EMAIL_TAKEN]);
        // Ids in the body are ignored: the change is Bob's own.
        const own = await bob.post('/vupdateprofile', { ...form, email: 'bob@example.com', name: 'Bob Himself' });
        expectAnswer(own, 200, "Bob's own profile");
        expect(own.body.user).toMatchObject({ id: s.bobId, name: 'Bob Himself', email: 'bob@example.com' });
      },
    },
    {
      routes: ['POST /api/vnewapikey'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vnewapikey' }),
      probe: async () => {
        const res = await bob.post('/vnewapikey', { user_id: s.aliceId });
        expectAnswer(res, 200, 'new API key');
        expect(res.body.user.id).toBe(s.bobId);
        expect(res.body.api_key).not.toBe(s.bobKey);
        s.bobKey = res.body.api_key as string;
      },
    },
    // --- QSOs ---
    {
      routes: ['POST /api/vqso/upsert'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          // Her own contact again is found, not logged twice (a new contact: key-session-scope.test.ts).
          const res = await aliceApp.post('/vqso/upsert', { data: s.liveQsoData });
          expect(res.status, res.text).toBe(200);
          expect(res.body).toMatchObject({ qdo_id: s.liveQso, duplicate: true });
        },
      },
      request: (d) => ({ path: '/vqso/upsert', body: { data: d.liveQsoData } }),
      probe: async () => {
        // The very same contact logged by Bob is Bob's own QSO under another id.
        const res = await bob.post('/vqso/upsert', { data: s.liveQsoData, qdo_id: s.liveQso, stationUserId: s.aliceId });
        expectAnswer(res, 201, 'Bob logs the same contact');
        expect(res.body.qdo_id).not.toBe(s.liveQso);
      },
    },
    {
      routes: ['POST /api/vqso/update'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          // A correction that changes nothing passes the scope and changes nothing.
          const res = await aliceApp.post('/vqso/update', { qdo_id: s.liveQso, Comment: s.liveQsoData.Comment });
          expect(res.status, res.text).toBe(200);
          expect(res.body).toEqual({ qdo_id: s.liveQso, changed: false });
        },
      },
      request: (d) => ({ path: '/vqso/update', body: { qdo_id: d.liveQso, Comment: 'hijacked' } }),
      probe: async () => {
        for (const qdo_id of [s.liveQso, s.deletedQso]) {
          const res = await bob.post('/vqso/update', { qdo_id, Comment: 'hijacked', Call: 'K1JT' });
          expectAnswer(res, 404, "Bob updates Alice's QSO");
          expect(res.body).toEqual({ message: QSO_NOT_FOUND });
        }
      },
    },
    {
      routes: ['POST /api/vqso/nuke'],
      access: 'signed-in',
      key: 'refused',
      request: (d) => ({ path: '/vqso/nuke', body: { qdo_id: d.liveQso } }),
      probe: async () => {
        const res = await bob.post('/vqso/nuke', { qdo_id: s.liveQso });
        expectAnswer(res, 404, "Bob deletes Alice's QSO");
        expect(res.body).toEqual({ message: QSO_NOT_FOUND });
      },
    },
    {
      routes: ['POST /api/vqso/restore'],
      access: 'signed-in',
      key: 'refused',
      request: (d) => ({ path: '/vqso/restore', body: { qdo_id: d.deletedQso } }),
      probe: async () => {
        const res = await bob.post('/vqso/restore', { qdo_id: s.deletedQso });
        expectAnswer(res, 404, "Bob restores Alice's deleted QSO");
        expect(res.body).toEqual({ message: QSO_NOT_FOUND });
      },
    },
    {
      routes: ['POST /api/qso/:qdo_id/recordings', 'POST /api/qso/:qdo_id/sstv'],
      access: 'api-key',
      key: 'as-visitor',
      request: (d) => ({ path: `/qso/${d.liveQso}/recordings` }),
      probe: async () => {
        const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVE', 'latin1'), Buffer.alloc(64)]);
        for (const [kind, bytes, ext] of [['recordings', wav, 'wav'], ['sstv', s.png, 'png']] as const) {
          for (const qdo of [s.liveQso, s.deletedQso]) {
            const res = await bob.raw(`/qso/${qdo}/${kind}`, bytes, { 'x-api-key': s.bobKey });
            expectAnswer(res, 404, `Bob attaches to Alice's QSO (${kind})`);
          }
          expect((await visitor.fetch(`/api/qso/${s.liveQso}/${kind}`, { method: 'POST', body: bytes })).status).toBe(401);
          // A refused attachment leaves no file behind.
          expect((await visitor.fetch(`/media/${contentHashName(bytes, ext)}`)).status).toBe(404);
        }
      },
    },
    // --- people: follows, photos, messages, inbox, page views ---
    {
      routes: ['POST /api/vsetfollowstate'],
      access: 'signed-in',
      key: 'refused',
      request: (d) => ({ path: '/vsetfollowstate', body: { user_id: d.carolId, follow_level: 0 } }),
      probe: async () => {
        // The follow is always the caller's own: a follower named in the body is ignored.
        const follow = await bob.post('/vsetfollowstate', { user_id: s.aliceId, follow_level: 1, follower_id: s.aliceId, followerId: s.aliceId });
        expectAnswer(follow, 200, 'Bob follows Alice');
        expect(follow.body.following).toEqual([s.aliceId]);
        const unfollow = await bob.post('/vsetfollowstate', { user_id: s.carolId, follow_level: 0, follower_id: s.aliceId, followerId: s.aliceId });
        expectAnswer(unfollow, 200, "Bob unfollows Carol 'for Alice'");
        expect(unfollow.body.following).toEqual([s.aliceId]);
      },
    },
    {
      routes: ['POST /api/vuploadphoto'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vuploadphoto' }),
      probe: async () => {
        expect((await visitor.upload('/vuploadphoto', s.png)).status).toBe(401);
        const res = await bob.upload('/vuploadphoto', s.png);
        expectAnswer(res, 201, "Bob uploads Alice's picture");
        expect(res.body.photo.id).not.toBe(s.photoId);
      },
    },
    {
      routes: ['POST /api/vclaimcallsign'],
      access: 'public',
      key: 'refused',
      probe: async () => {
        // A claim naming Alice as the claimant is Bob's own, and changes no account until an admin approves it.
        const form = new FormData();
        for (const [name, value] of [['callsign', 'W1AW'], ['note', 'mine'], ['user_id', s.aliceId], ['email', 'alice.private@example.com']]) form.append(name!, value!);
        form.append('image', new Blob([s.png], { type: 'image/png' }), 'qsl.png');
        const res = await bob.fetch('/api/vclaimcallsign', { method: 'POST', body: form });
        expectAnswer(res, 201, "Bob claims Alice's callsign");
        const [submitted] = await store.readStream(`callsign-claim-${(res.body as { claim_id: string }).claim_id}`);
        expect(submitted?.data).toMatchObject({ userId: s.bobId, email: 'bob@example.com' });
        expect((await alice.get('/vuser')).body.user).toMatchObject({ my_callsign: 'W1AW', callsign_verified: false });
      },
    },
    {
      routes: ['POST /api/vphotodelete', 'POST /api/vphotomakedefault'],
      access: 'signed-in',
      key: 'refused',
      request: (d) => ({ path: '/vphotodelete', body: { id: d.photoId } }),
      probe: async () => {
        for (const path of ['/vphotodelete', '/vphotomakedefault']) {
          const res = await bob.post(path, { id: s.photoId, user_id: s.aliceId });
          expectAnswer(res, 404, `Bob ${path} on Alice's photo`);
          expect(res.body).toEqual({ status: 'error', message: PHOTO_NOT_FOUND });
        }
        expect((await visitor.post('/vphotomakedefault', { id: s.photoId })).status).toBe(401);
      },
    },
    {
      routes: ['POST /api/vsendmessage'],
      access: 'signed-in',
      key: 'refused',
      request: (d) => ({ path: '/vsendmessage', body: { message: 'Hello Alice, 73', recipient_id: d.aliceId } }),
      probe: async () => {
        // Bob has no subscription; naming a subscriber as the sender changes nothing.
        const res = await bob.post('/vsendmessage', { message: 'Hello Alice, 73', recipient_id: s.aliceId, sender_id: s.carolId, senderId: s.carolId });
        expectAnswer(res, 403, 'Bob messages Alice');
        expect(res.body).toEqual({ message: MESSAGING_UPGRADE_REQUIRED });
      },
    },
    {
      routes: ['POST /api/vinbox'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vinbox' }),
      probe: async () => {
        const res = await bob.post('/vinbox', { user_id: s.aliceId, recipient_id: s.aliceId });
        expectAnswer(res, 200, "Bob reads 'Alice's' inbox");
        expect(res.body).toEqual({ notifications: [], OldNotifications: [] });
      },
    },
    {
      routes: ['POST /api/vqso/qslcards'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          // Marking her own cards is logging work: a mark that changes nothing passes the scope and changes nothing.
          const res = await aliceApp.post('/vqso/qslcards', { qdo_ids: [s.deletedQso], sent: 'Y' });
          expect(res.status, res.text).toBe(200);
          expect(res.body).toEqual({ changed: 0 });
        },
      },
      request: (d) => ({ path: '/vqso/qslcards', body: { qdo_ids: [d.liveQso], sent: 'Y' } }),
      probe: async () => {
        const res = await bob.post('/vqso/qslcards', { qdo_ids: [s.liveQso, s.deletedQso], sent: 'Y', rcvd: 'Y' });
        expectAnswer(res, 200, "Bob marks Alice's QSL cards");
        expect(res.body).toEqual({ changed: 0 });
      },
    },
    {
      routes: ['POST /api/vservices', 'POST /api/vservices/connect', 'POST /api/vservices/disconnect', 'POST /api/vservices/sync'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vservices/connect', body: { service: 'qrz', api_key: 'QRZ-ALICE-SECRET-KEY', auto_sync: false } }),
      probe: async () => {
        // Alice's QRZ Logbook connected (no automatic sync: nothing leaves the machine).
        expectAnswer(await alice.post('/vservices/connect', { service: 'qrz', api_key: 'QRZ-ALICE-SECRET-KEY', auto_sync: false }), 200, 'Alice connects QRZ');
        const connected = (who: Caller) => who.post('/vservices').then((r) => (r.body.services as { service: string; connected: boolean }[]).filter((x) => x.connected).map((x) => x.service));
        expect(await connected(bob)).toEqual([]);
        // Naming Alice changes nothing: each call is the caller's own account.
        expectAnswer(await bob.post('/vservices/disconnect', { service: 'qrz', user_id: s.aliceId }), 200, "Bob disconnects 'Alice's' QRZ");
        expectAnswer(await bob.post('/vservices/sync', { service: 'qrz', user_id: s.aliceId }), 409, "Bob syncs 'Alice's' QRZ");
        expect(await connected(alice)).toEqual(['qrz']);
        expectAnswer(await alice.post('/vservices/disconnect', { service: 'qrz' }), 200, 'Alice disconnects QRZ');
      },
    },
    {
      routes: ['GET /api/awards/progress', 'GET /api/awards/progress/:award', 'GET /api/awards/progress/:award/map', 'GET /api/awards/progress/:award/needed', 'GET /api/awards/progress/:award/credits.csv'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ method: 'GET', path: '/awards/progress' }),
      probe: async () => {
        // Alice does not show her award progress: nobody else reads it, whatever award they ask for.
        for (const path of ['/awards/progress', '/awards/progress/DXCC', '/awards/progress/DXCC/map', '/awards/progress/DXCC/needed', '/awards/progress/DXCC/credits.csv']) {
          expectAnswer(await visitor.get(`${path}?callsign=W1AW`), 404, `a visitor reads Alice's ${path}`);
          expectAnswer(await bob.get(`${path}?callsign=w1aw`), 404, `Bob reads Alice's ${path}`);
        }
        // Naming Alice's id changes nothing: each answer is the caller's own log.
        const own = await bob.get(`/awards/progress?user_id=${s.aliceId}`);
        expectAnswer(own, 200, "Bob reads 'Alice's' award cards");
        expect(own.body.callsign).not.toBe('W1AW');
        expect(own.body).toEqual((await bob.get('/awards/progress')).body);
      },
    },
    {
      routes: ['POST /api/vimportqrz'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vimportqrz' }),
      probe: async () => {
        // Bob has no QRZ key: naming Alice does not lend him hers (QRZ is never asked).
        const res = await bob.post('/vimportqrz', { user_id: s.aliceId, qrz_api_key: 'QRZ-ALICE-SECRET-KEY' });
        expectAnswer(res, 200, "Bob imports 'Alice's' QRZ logbook");
        expect(res.body).toEqual({ status: 'error', error: QRZ_KEY_MISSING });
      },
    },
    {
      routes: ['POST /api/log-page-view'],
      access: 'public',
      key: 'refused',
      probe: async () => {
        for (const who of [visitor, bob]) {
          expectAnswer(await who.post('/log-page-view', { page_url: '/W1AW', user_id: s.aliceId, session_id: 'walk' }), 204, `${who.name} logs a page view`);
        }
        const { rows } = await pool.query<{ user_id: string | null }>("SELECT user_id FROM analytics_page_views WHERE session_id = 'walk' ORDER BY id");
        expect(rows.map((r) => r.user_id)).toEqual([null, s.bobId]);
      },
    },
    {
      routes: ['POST /api/radio'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/radio', body: { radio: 'FT-817', frequency: 7030000 } }),
      probe: async () => {
        const res = await bob.post('/radio', { key: s.bobKey, radio: 'FT-817', frequency: 7030000, mode: 'CW', user_id: s.aliceId });
        expectAnswer(res, 200, "Bob's rig report");
        const rig = await bob.post('/vrigcontrol/get');
        expect(rig.body).toMatchObject({ freq: 7030, rig_name: 'FT-817' });
      },
    },
    // --- the Cloudlog/Wavelog API (decision 0036): a key reaches its own account and sub-accounts only ---
    {
      routes: ['POST /api/qso', 'POST /api/qso/:dryrun'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/qso', body: { station_profile_id: '1', type: 'adif', string: '<call:4>N0CA<eor>' } }),
      probe: async () => {
        const string = `<call:5>DL1XX<qso_date:8>${new Date(Date.now() - 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')}<time_on:4>0000<freq:6>14.074<mode:3>FT8<eor>`;
        // Station 2 is Alice's sub-account for her key; Bob has no station 2.
        for (const path of ['/qso', '/qso/true']) {
          expectAnswer(await bob.post(path, { key: s.bobKey, station_profile_id: '2', type: 'adif', string, user_id: s.aliceId }), 401, `Bob's key at station 2 (${path})`);
          expectAnswer(await visitor.post(path, { station_profile_id: '1', type: 'adif', string }), 401, `no key (${path})`);
        }
        expectAnswer(await bob.post('/qso/true', { key: s.bobKey, station_profile_id: '1', type: 'adif', string }), 201, "Bob's dry run");
      },
    },
    {
      routes: ['_ALL /api/auth', '_ALL /api/auth/:key'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const invalid = await visitor.get('/auth/not-a-key');
        expectAnswer(invalid, 200, 'auth, unknown key');
        expect(invalid.text).toContain('<message>');
        expect((await visitor.get(`/auth/${s.bobKey}`)).text).toBe('<auth><status>Valid</status><rights>rw</rights></auth>');
        expect((await visitor.get('/auth')).text).toContain('<message>');
      },
    },
    {
      routes: ['_ALL /api/check_auth', '_ALL /api/check_auth/:key'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/check_auth' }),
      probe: async () => {
        expect((await bob.get(`/check_auth/${s.bobKey}`)).body).toEqual({ status: 'valid', rights: 'rw' });
        expectAnswer(await visitor.get('/check_auth/not-a-key'), 401, 'check_auth, unknown key');
      },
    },
    {
      routes: ['_ALL /api/station_info', '_ALL /api/station_info/:key'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/station_info' }),
      probe: async () => {
        const own = await bob.get(`/station_info/${s.bobKey}`);
        expectAnswer(own, 200, "Bob's stations");
        expect(own.body.map((station: { station_callsign: string }) => station.station_callsign)).toEqual(['K1JT']);
        expectAnswer(await visitor.post('/station_info/not-a-key', null), 401, 'stations, unknown key');
      },
    },
    {
      routes: ['_ALL /api/statistics', '_ALL /api/statistics/:key'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/statistics' }),
      probe: async () => {
        const own = await bob.get(`/statistics/${s.bobKey}`);
        expectAnswer(own, 201, "Bob's statistics");
        expect(Number(own.body.total_qsos)).toBeGreaterThanOrEqual(1);
        expectAnswer(await visitor.get('/statistics/not-a-key'), 401, 'statistics, unknown key');
      },
    },
    {
      routes: ['POST /api/lookup'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/lookup', body: { callsign: 'DL1ABC' } }),
      probe: async () => {
        // Only Alice ever logged JA1XYZ (then deleted it): Bob's key sees the entity, none of her contacts.
        const res = await bob.post('/lookup', { key: s.bobKey, callsign: 'JA1XYZ' });
        expectAnswer(res, 200, "Bob's look-up");
        expect(res.body).toMatchObject({ dxcc: 'Japan', workedBefore: false, name: '', gridsquare: '' });
      },
    },
    {
      routes: ['POST /api/logbook_check_callsign', 'POST /api/logbook_check_grid'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/logbook_check_callsign', body: { logbook_public_slug: 'w1aw', callsign: 'DL1ABC' } }),
      probe: async () => {
        expectAnswer(await bob.post('/logbook_check_callsign', { key: s.bobKey, logbook_public_slug: 'w1aw', callsign: s.liveQsoData.Call }), 404, "Bob's key on Alice's log");
        expectAnswer(await bob.post('/logbook_check_grid', { key: s.bobKey, logbook_public_slug: 'W1AW-P', grid: 'FN31' }), 404, "Bob's key on Alice's sub-account's log");
        expectAnswer(await bob.post('/logbook_check_callsign', { key: s.bobKey, logbook_public_slug: 'k1jt', callsign: 'OH2BH' }), 201, "Bob's own log");
      },
    },
    {
      routes: ['_ALL /api/version', '_ALL /api/version/:key'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/version' }),
      probe: async () => {
        expect((await bob.post('/version', { key: s.bobKey })).body).toEqual({ status: 'ok', version: '2.0.3' });
        expectAnswer(await visitor.post(`/version/${s.bobKey}`, {}), 401, 'version, the key in the path (Wavelog reads the body only)');
      },
    },
    {
      routes: ['_ALL /api/private_lookup'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/private_lookup', body: { callsign: 'DL1ABC' } }),
      probe: async () => {
        // Only Alice ever logged JA1XYZ: Bob's key searches Bob's stations only, even naming Alice's station numbers.
        for (const station_ids of [undefined, [1, 2]]) {
          const res = await bob.post('/private_lookup', { key: s.bobKey, callsign: 'JA1XYZ', band: '40m', mode: 'FT8', station_ids, user_id: s.aliceId });
          expectAnswer(res, 200, "Bob's private look-up");
          expect(res.body).toMatchObject({ call_worked: false, call_worked_band: false, name: '', gridsquare: '' });
        }
        expectAnswer(await bob.post('/private_lookup', { key: s.bobKey, callsign: 'OH2BH', station_ids: [2] }), 200, "Bob's key naming only a station it has not");
      },
    },
    {
      routes: ['_ALL /api/get_contacts_adif'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/get_contacts_adif', body: { station_id: 1, fetchfromid: 0 } }),
      probe: async () => {
        expectAnswer(await bob.post('/get_contacts_adif', { key: s.bobKey, station_id: 2, fetchfromid: 0, user_id: s.aliceId }), 401, "Bob's key at station 2");
        const own = await bob.post('/get_contacts_adif', { key: s.bobKey, station_id: 1, fetchfromid: 0, user_id: s.aliceId });
        expectAnswer(own, 200, "Bob's own contacts");
        expect(String(own.body.adif ?? '')).not.toMatch(/<STATION_CALLSIGN:\d+>W1AW/);
      },
    },
    {
      routes: ['_ALL /api/get_wp_stats'],
      access: 'api-key',
      key: 'as-visitor',
      request: () => ({ path: '/get_wp_stats', body: { station_id: 1 } }),
      probe: async () => {
        expectAnswer(await bob.post('/get_wp_stats', { key: s.bobKey, station_id: 2, user_id: s.aliceId }), 401, "Bob's key at station 2");
        expectAnswer(await bob.post('/get_wp_stats', { key: s.bobKey, station_id: 1, user_id: s.aliceId }), 200, "Bob's own statistics");
      },
    },
    {
      routes: ['POST /api/vapikeys/create', 'POST /api/vapikeys/delete'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vapikeys/create', body: { key_id: 'k1' } }),
      probe: async () => {
        const made = await bob.post('/vapikeys/create', { key_id: 'viewer', user_id: s.aliceId });
        expectAnswer(made, 200, "Bob's read-only key");
        expect(made.body.api_keys.map((k: { rights: string }) => k.rights)).toEqual(['rw', 'r']);
        // Alice's read-only key has the same id: deleting it as Bob deletes Bob's.
        expectAnswer(await bob.post('/vapikeys/delete', { key_id: 'viewer', user_id: s.aliceId }), 200, "Bob deletes his key");
      },
    },
    // --- reads ---
    {
      routes: ['GET /api/vuser'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          const res = await aliceApp.get('/vuser');
          expect(res.status, res.text).toBe(200);
          expect(res.body.user).toMatchObject({ id: s.aliceId, my_callsign: 'W1AW', api_key: s.aliceKey, email: '', qrz_api_key: '', clublog_email: '', eqsl_apikey: '', mobile_number: '' });
        },
      },
      request: () => GET('/vuser'),
      probe: async () => {
        const res = await bob.get(`/vuser?user_id=${s.aliceId}`);
        expectAnswer(res, 200, 'Bob reads /vuser');
        expect(res.body.user.id).toBe(s.bobId);
      },
    },
    {
      routes: ['GET /api/vapikeys'],
      access: 'signed-in',
      key: 'refused',
      request: () => GET('/vapikeys'),
      probe: async () => {
        const res = await bob.get('/vapikeys?user_id=' + s.aliceId);
        expectAnswer(res, 200, "Bob's keys");
        expect(res.body.api_keys[0]).toMatchObject({ key_id: 'main', api_key: s.bobKey, rights: 'rw' });
      },
    },
    {
      routes: ['POST /api/vlogbook', 'POST /api/vlogbookcount'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          const book = await aliceApp.post('/vlogbook');
          expect(book.status, book.text).toBe(200);
          expect((book.body.logbook as { qdo_id: string }[]).map((q) => q.qdo_id)).toContain(s.liveQso);
          expect((await aliceApp.post('/vlogbookcount')).body.count).toBe(book.body.total);
        },
      },
      request: () => ({ path: '/vlogbook' }),
      probe: async () => {
        const book = await bob.post('/vlogbook', { user_id: s.aliceId, station_callsign: 'W1AW' });
        expectAnswer(book, 200, "Bob's logbook");
        const ids = (book.body.logbook as { qdo_id: string; station_callsign: string }[]).map((q) => q.qdo_id);
        expect(ids).not.toContain(s.liveQso);
        expect((book.body.logbook as { station_callsign: string }[]).every((q) => q.station_callsign === 'K1JT')).toBe(true);
        const count = await bob.post('/vlogbookcount', { user_id: s.aliceId });
        expectAnswer(count, 200, "Bob's logbook count");
        expect(count.body.count).toBe(book.body.total);
        expect((await visitor.post('/vlogbookcount')).status).toBe(401);
      },
    },
    {
      routes: ['POST /api/vqso/get', 'POST /api/vqso/history'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          expect((await aliceApp.post('/vqso/get', { qdo_id: s.liveQso })).body).toMatchObject({ qdo_id: s.liveQso, Call: 'DL1ABC' });
          for (const qdo_id of [s.liveQso, s.deletedQso]) expect((await aliceApp.post('/vqso/history', { qdo_id })).body.qdo_id).toBe(qdo_id);
        },
      },
      request: (d) => ({ path: '/vqso/get', body: { qdo_id: d.liveQso } }),
      probe: async () => {
        for (const path of ['/vqso/get', '/vqso/history']) {
          for (const qdo_id of [s.liveQso, s.deletedQso]) {
            const res = await bob.post(path, { qdo_id });
            expectAnswer(res, 404, `Bob ${path} of Alice's QSO`);
            expect(res.body.message).toBe(QSO_NOT_FOUND);
          }
          expect((await visitor.post(path, { qdo_id: s.liveQso })).status).toBe(401);
        }
      },
    },
    {
      routes: ['GET /api/vstats'],
      access: 'signed-in',
      key: 'refused',
      request: () => GET('/vstats'),
      probe: async () => {
        // The caller's own statistics only: whatever names Alice, Bob's answer counts his QSOs (the counters follow the stream).
        const bobs = (await bob.post('/vlogbookcount')).body.count as number;
        let res = await bob.get(`/vstats?user_id=${s.aliceId}`);
        for (let i = 0; i < 100 && res.body?.total !== bobs; i += 1) {
          await new Promise((r) => setTimeout(r, 100));
          res = await bob.get(`/vstats?user_id=${s.aliceId}`);
        }
        expectAnswer(res, 200, "Bob's statistics");
        expect(res.body.total).toBe(bobs);
        expectNoPrivateFields(res.body, 'vstats');
        expect((await visitor.get('/vstats')).status).toBe(401);
      },
    },
    {
      routes: ['GET /api/embed-codes'],
      access: 'signed-in',
      key: 'refused',
      request: () => GET('/embed-codes'),
      probe: async () => {
        // The caller's own snippets: whatever names Alice, Bob gets his callsign and id.
        const res = await bob.get(`/embed-codes?user_id=${s.aliceId}&callsign=W1AW`);
        expectAnswer(res, 200, "Bob's embed codes");
        expect(res.body.ref_id).toBe(s.bobId);
        expect(res.body.callsign).toBe('K1JT');
        expectNoPrivateFields(res.body, 'embed-codes');
      },
    },
    {
      routes: ['GET /active-embed/:style/:callsign', 'GET /embed/sstv/:style/:callsign', 'GET /embed/:style/last/:callsign', 'GET /embed/:style/photos/:callsign', 'GET /embed/:style/:callsign'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        // Public pages built for other sites: Alice's public log and state, never her secrets.
        for (const path of ['/active-embed/1/W1AW', '/embed/sstv/1/W1AW', '/embed/1/last/W1AW', '/embed/1/photos/W1AW', '/embed/1/W1AW']) {
          const res = await visitor.fetch(path);
          expectAnswer(res, 200, path);
          expect(res.text, path).not.toContain('DELETED-QSO-PRIVATE-NOTE');
        }
      },
    },
    {
      routes: ['POST /api/vadmin/users', 'POST /api/vadmin/stats'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vadmin/users' }),
      probe: async () => {
        // Administrators only (npm run admin -- grant): nobody in the walk is one.
        for (const path of ['/vadmin/users', '/vadmin/stats']) {
          expectAnswer(await bob.post(path), 403, `Bob ${path}`);
          expectAnswer(await aliceSub.post(path), 403, `Alice's sub-account ${path}`);
          expect((await visitor.post(path)).status).toBe(401);
        }
      },
    },
    {
      routes: ['GET /api/vdownloads'],
      access: 'public',
      key: 'refused',
      probe: async () => {
        // The installers for everyone; the links for subscribers only.
        const res = await visitor.get('/vdownloads');
        expectAnswer(res, 200, "a visitor's downloads");
        expect(res.body.access).toBe('login');
        expect(res.body.installers.every((i: { url: unknown }) => i.url === null)).toBe(true);
        expectNoPrivateFields((await bob.get('/vdownloads')).body, 'vdownloads');
      },
    },
    {
      routes: ['POST /api/vqso/deleted'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vqso/deleted' }),
      probe: async () => {
        const res = await bob.post('/vqso/deleted', { user_id: s.aliceId });
        expectAnswer(res, 200, "Bob's deleted QSOs");
        expect(res.body).toMatchObject({ qsos: [], total: 0 });
      },
    },
    {
      routes: ['POST /api/vgetFullQso'],
      access: 'public',
      key: {
        inScope: async () => {
          expect((await aliceApp.post('/vgetFullQso', { qdo_id: s.liveQso })).body.qso).toMatchObject({ qdo_id: s.liveQso, station_callsign: 'W1AW' });
        },
      },
      probe: async () => {
        for (const who of [visitor, bob]) {
          const res = await who.post('/vgetFullQso', { qdo_id: s.liveQso });
          expectAnswer(res, 200, 'the public QSO page');
          expect(res.body.qso).toMatchObject({ qdo_id: s.liveQso, Call: 'DL1ABC', station_callsign: 'W1AW' });
          expectNoPrivateFields(res.body, 'vgetFullQso');
          expectAnswer(await who.post('/vgetFullQso', { qdo_id: s.deletedQso }), 404, 'a deleted QSO is gone');
        }
      },
    },
    {
      routes: ['GET /api/qsl/:qdo_id', 'GET /qsl/:qdo_id'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const prefix of ['/api', '']) {
          const card = await visitor.fetch(`${prefix}/qsl/${s.liveQso}`);
          expect(card.status).toBe(200);
          expect(card.headers.get('content-type')).toMatch(/^image\/png/);
          expectAnswer(await visitor.fetch(`${prefix}/qsl/${s.deletedQso}`), 404, 'no card for a deleted QSO');
        }
      },
    },
    {
      routes: ['POST /api/vlogbar/:callsign'],
      access: 'public',
      key: {
        inScope: async () => {
          const bar = await aliceApp.post('/vlogbar/DL1ABC');
          expect(bar.status, bar.text).toBe(200);
          expect((bar.body.qsos as { station_callsign: string }[]).map((q) => q.station_callsign)).toContain('W1AW');
        },
      },
      probe: async () => {
        for (const who of [visitor, bob]) {
          const res = await who.post('/vlogbar/DL1ABC');
          expectAnswer(res, 200, 'log bar');
          // Alice's contacts with DL1ABC are hers: others see none (Bob's own only, after he logged one).
          const qsos = res.body.qsos as { station_callsign: string }[];
          expect(qsos.every((q) => q.station_callsign !== 'W1AW')).toBe(true);
          const station = await who.post('/vlogbar/W1AW');
          expectAnswer(station, 200, 'log bar of Alice');
          expect(Object.keys(station.body.user).sort()).toEqual(['id', 'my_callsign', 'name', 'photos', 'profile_image_name']);
        }
      },
    },
    {
      routes: ['GET /api/vleaderboards'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const res = await visitor.get('/vleaderboards');
        expectAnswer(res, 200, 'leaderboards');
        expectNoPrivateFields(res.body, 'vleaderboards');
      },
    },
    {
      routes: ['POST /api/vopofday'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const res = await visitor.post('/vopofday', {});
        expectAnswer(res, 200, 'operators of the day');
        expectNoPrivateFields(res.body, 'vopofday');
      },
    },
    {
      routes: ['GET /api/main_public_feed', 'GET /api/vbandstats/:n', 'GET /api/globe/arcs'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const who of [visitor, bob]) {
          const feed = await who.get('/main_public_feed');
          expectAnswer(feed, 200, 'QSO feed');
          expectNoPrivateFields(feed.body, 'main_public_feed');
          const ids = (feed.body.items as { qdo_id: string }[]).map((i) => i.qdo_id);
          expect(ids).not.toContain(s.liveQso); // its QSO time (2025-06-01) is history, not live (decision 0052)
          expect(ids).not.toContain(s.deletedQso);
          const bands = await who.get('/vbandstats/100');
          expectAnswer(bands, 200, 'band stats');
          expectAnswer(await who.get('/vbandstats/0'), 400, 'band stats of 0');
          const globe = await who.get('/globe/arcs');
          expectAnswer(globe, 200, 'globe arcs');
          expectNoPrivateFields(globe.body, 'globe/arcs');
          expect((globe.body.arcs as { entity_id: string }[]).map((a) => a.entity_id)).not.toContain(s.deletedQso);
        }
      },
    },
    {
      routes: ['GET /api/award/latest', 'GET /api/award/:id'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const who of [visitor, bob]) {
          const latest = await who.get('/award/latest');
          expectAnswer(latest, 200, 'latest awards');
          expectNoPrivateFields(latest.body, 'award/latest');
          expectAnswer(await who.get('/award/2025-01-01-qso?width=300'), 404, 'an award nobody won');
          expectAnswer(await who.get('/award/2025-01-01-qso?width=wide'), 400, 'an award image of no width');
        }
      },
    },
    {
      routes: ['GET /api/ActiveUserList', 'GET /api/logged_in_users_not_in_rig_control'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const who of [visitor, bob]) {
          for (const path of ['/ActiveUserList', '/logged_in_users_not_in_rig_control']) {
            const res = await who.get(path);
            expectAnswer(res, 200, path);
            expectNoPrivateFields(res.body, path);
          }
        }
      },
    },
    {
      // The live station page and the SSTV archive (decision 0051): public, without private fields.
      routes: ['GET /api/vlivestation/:id', 'GET /api/vsstv'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const who of [visitor, bob]) {
          const station = await who.get(`/vlivestation/${s.aliceId}`);
          expectAnswer(station, 200, 'live station');
          expectNoPrivateFields(station.body, 'vlivestation');
          expect(station.body.station.id).toBe(s.aliceId);
          expectAnswer(await who.get('/vlivestation/nobody'), 404, 'an unknown station');
          const archive = await who.get('/vsstv');
          expectAnswer(archive, 200, 'SSTV archive');
          expectNoPrivateFields(archive.body, 'vsstv');
          expect(archive.body.images.map((i: { qdo_id: string }) => i.qdo_id)).not.toContain(s.deletedQso);
        }
      },
    },
    {
      routes: ['POST /api/vdxcc-entity-distinct', 'POST /api/vdxcc-entity-distinct/', 'GET /api/vdxcc-entity-distinct', 'GET /api/vdxcc-entity-distinct/'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const res of [await visitor.post('/vdxcc-entity-distinct/'), await visitor.get('/vdxcc-entity-distinct')]) {
          expectAnswer(res, 200, 'DXCC list');
          expect((res.body as unknown[]).length).toBeGreaterThan(300);
        }
      },
    },
    {
      routes: ['POST /api/vrigcontrol/get'],
      access: 'signed-in',
      key: {
        inScope: async () => {
          expect((await aliceApp.post('/vrigcontrol/get')).body).toMatchObject({ freq: 14074, rig_name: 'IC-7300' });
        },
      },
      request: () => ({ path: '/vrigcontrol/get' }),
      probe: async () => {
        const res = await bob.post('/vrigcontrol/get', { user_id: s.aliceId });
        expectAnswer(res, 200, "Bob's rig");
        expect(res.body.freq).not.toBe(14074);
        expect(res.body.rig_name).not.toBe('IC-7300');
      },
    },
    {
      routes: ['GET /api/vprofilefor'],
      access: 'public',
      key: 'refused',
      probe: async () => {
        for (const who of [visitor, bob]) {
          for (const callsign of ['W1AW', 'W1AW/P']) {
            const res = await who.get(`/vprofilefor?callsign=${encodeURIComponent(callsign)}`);
            expectAnswer(res, 200, `${who.name} views ${callsign}`);
            expectNoPrivateFields(res.body, `vprofilefor ${callsign}`);
            expect(res.body.profile.sub_accounts).toBeUndefined();
          }
        }
        const aliceProfile = (await visitor.get('/vprofilefor?callsign=W1AW')).body;
        expect(aliceProfile.profile.photos.map((p: { id: string }) => p.id)).toEqual([s.photoId]);
        expect(aliceProfile.following).toBe(false);
      },
    },
    {
      routes: ['POST /api/vphotos'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vphotos' }),
      probe: async () => {
        const res = await bob.post('/vphotos', { user_id: s.aliceId });
        expectAnswer(res, 200, "Bob's photos");
        expect((res.body as { id: string }[]).map((p) => p.id)).not.toContain(s.photoId);
      },
    },
    {
      routes: ['POST /api/vsr'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vsr' }),
      probe: async () => {
        const res = await bob.post('/vsr', { user_id: s.aliceId });
        expectAnswer(res, 200, "Bob's status");
        expect(res.body.notification_count).toBe(0);
        expect(res.body.following).not.toContain(s.carolId);
      },
    },
    // --- contests (organised by Alice in the probe; Bob may read the boards, not change her contest) ---
    {
      routes: ['POST /api/vcontest/create', 'POST /api/vcontest/update'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vcontest/create', body: { name: 'Walk Sprint', starts_at: '2025-06-01T18:00:00Z', ends_at: '2025-06-01T20:00:00Z' } }),
      probe: async () => {
        const created = await alice.post('/vcontest/create', { name: 'Alice Sprint', starts_at: '2025-06-01T18:00:00Z', ends_at: '2025-06-01T20:00:00Z' });
        expectAnswer(created, 201, 'Alice organises a contest');
        const contestId = created.body.contest.id as string;
        const change = await bob.post('/vcontest/update', { contest_id: contestId, name: 'Bob Sprint', organiser_user_id: s.bobId });
        expectAnswer(change, 403, "Bob changes Alice's contest");
        expect((await visitor.post('/vcontest/update', { contest_id: contestId, name: 'Visitor Sprint' })).status).toBe(401);
        // An organiser named in the body is ignored: the contest is the caller's own.
        const own = await bob.post('/vcontest/create', { name: 'Alice Sprint', starts_at: '2025-06-01T18:00:00Z', ends_at: '2025-06-01T20:00:00Z', organiser_user_id: s.aliceId });
        expectAnswer(own, 201, "Bob creates a contest 'for Alice'");
        expect(own.body.contest.organiser_user_id).toBe(s.bobId);
        expect(own.body.contest.id).not.toBe(contestId);
        const board = await alice.post('/vscores', { contest_id: contestId });
        expect(board.body.contest).toMatchObject({ name: 'Alice Sprint', organiser_user_id: s.aliceId });
      },
    },
    {
      routes: ['POST /api/vscores', 'GET /api/vcontests'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vscores' }),
      probe: async () => {
        const board = await bob.post('/vscores', { user_id: s.aliceId });
        expectAnswer(board, 200, 'the members’ board');
        expectNoPrivateFields(board.body, 'vscores');
        const list = await bob.get('/vcontests');
        expectAnswer(list, 200, 'the contests');
        expectNoPrivateFields(list.body, 'vcontests');
        expect((await visitor.get('/vcontests')).status).toBe(401);
        expect((await visitor.get('/vcontests?mine=1')).status).toBe(401);
        // ?mine=1 is the caller's own list whoever else is named: Bob's holds none of Alice's.
        const mine = await bob.get(`/vcontests?mine=1&organiser_user_id=${s.aliceId}`);
        expectAnswer(mine, 200, 'Bob’s own contests');
        const organisers = (mine.body.contests as { organiser_user_id: string }[]).map((c) => c.organiser_user_id);
        expect(organisers.length).toBeGreaterThan(0);
        expect(new Set(organisers)).toEqual(new Set([s.bobId]));
      },
    },
    {
      routes: ['GET /api/vcontest/:contest_id/log', 'GET /api/vcontest/:contest_id/cabrillo', 'GET /api/vcontest/:contest_id/board', 'GET /api/vcontest/:contest_id/checks', 'POST /api/vcontest/:contest_id/check', 'GET /api/vcontest/:contest_id/logger', 'POST /api/vcontest/:contest_id/category'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ method: 'GET', path: '/vcontest/cq-ww-dx-cw-2026/log' }),
      probe: async () => {
        // The log is always the caller's own: naming Alice changes nothing.
        const log = await bob.get(`/vcontest/cq-ww-dx-cw-2026/log?user_id=${s.aliceId}&station_user_id=${s.aliceId}`);
        expectAnswer(log, 200, 'Bob’s own contest log');
        expect(log.body.station.call).toBe('K1JT');
        const cabrillo = await bob.get(`/vcontest/cq-ww-dx-cw-2026/cabrillo?user_id=${s.aliceId}`);
        expectAnswer(cabrillo, 200, 'Bob’s own Cabrillo');
        expect(cabrillo.text).toContain('CALLSIGN: K1JT');
        expect(cabrillo.text).not.toContain('W1AW');
        expect((await visitor.get('/vcontest/cq-ww-dx-cw-2026/cabrillo')).status).toBe(401);
        const board = await bob.get('/vcontest/cq-ww-dx-cw-2026/board');
        expectAnswer(board, 200, 'the checked board');
        expectNoPrivateFields(board.body, 'vcontest board');
        expect((await visitor.get('/vcontest/cq-ww-dx-cw-2026/board')).status).toBe(401);
        // Every station's problems are for the contest's organiser only (a built-in contest has none).
        expectAnswer(await bob.get('/vcontest/cq-ww-dx-cw-2026/checks'), 403, 'the checks of a contest Bob does not organise');
        // Before Enter, against the caller's own log only.
        const check = await bob.post('/vcontest/cq-ww-dx-cw-2026/check', { call: 'DL1ABC', band: '20m', mode: 'CW', ts: '2026-11-28T12:00:00Z', user_id: s.aliceId });
        expectAnswer(check, 200, 'Bob checks a contact before logging it');
        expect(check.body.score.qsos).toBe(0);
        const logger = await bob.get(`/vcontest/cq-ww-dx-cw-2026/logger?user_id=${s.aliceId}`);
        expectAnswer(logger, 200, 'Bob’s own contest mode');
        expect([logger.body.station.call, logger.body.score.qsos]).toEqual(['K1JT', 0]);
        expect((await visitor.get('/vcontest/cq-ww-dx-cw-2026/logger')).status).toBe(401);
        // A category is always the caller's own: naming Alice sets Bob's.
        expectAnswer(await bob.post('/vcontest/cq-ww-dx-cw-2026/category', { power: 'QRP', user_id: s.aliceId }), 200, 'Bob chooses his category');
        expect((await bob.get('/vcontest/cq-ww-dx-cw-2026/log')).body.station.category.power).toBe('QRP');
        expect((await alice.get('/vcontest/cq-ww-dx-cw-2026/log')).body.station.category.power).not.toBe('QRP');
        expect((await visitor.post('/vcontest/cq-ww-dx-cw-2026/category', { power: 'QRP' })).status).toBe(401);
      },
    },
    {
      routes: ['POST /api/vscores4megastream'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const board = await visitor.post('/vscores4megastream');
        expectAnswer(board, 200, 'the streamers’ board');
        expectNoPrivateFields(board.body, 'vscores4megastream');
      },
    },
    // --- ADIF export (asked for by Alice in the probe; Bob may neither list nor download her files) ---
    {
      routes: ['POST /api/vexportadif', 'POST /api/vexportjobs', 'GET /api/vexportjobs/:job_id/download', 'POST /api/vexportjobs/:job_id/link'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vexportadif', body: { start_date: '2025-06-01', end_date: '2025-06-30' } }),
      probe: async () => {
        const asked = await alice.post('/vexportadif', { start_date: '2025-06-01', end_date: '2025-06-30' });
        expectAnswer(asked, 201, 'Alice exports June');
        const jobId = asked.body.job.id as string;
        for (let i = 0; i < 200 && (await alice.post('/vexportjobs')).body.jobs[0]?.status !== 1; i += 1) await new Promise((r) => setTimeout(r, 50));
        expectAnswer(await alice.get(`/vexportjobs/${jobId}/download`), 200, 'Alice downloads her export');
        const list = await bob.post('/vexportjobs', { user_id: s.aliceId });
        expectAnswer(list, 200, "Bob's export files");
        expect(list.body.jobs).toEqual([]);
        expectAnswer(await bob.get(`/vexportjobs/${jobId}/download`), 404, "Bob downloads Alice's export");
        expect((await visitor.get(`/vexportjobs/${jobId}/download`)).status).toBe(401);
        // A signed download link (decision 0046) goes to the owner only; a made-up one opens nothing.
        expectAnswer(await bob.post(`/vexportjobs/${jobId}/link`), 404, "Bob asks for a link to Alice's export");
        expect((await visitor.post(`/vexportjobs/${jobId}/link`)).status).toBe(401);
        expect((await visitor.get(`/vexportjobs/${jobId}/download?exp=${Date.now() + 60_000}&sig=${'A'.repeat(43)}`)).status).toBe(403);
        expect((await visitor.post('/vexportjobs')).status).toBe(401);
        expectAnswer(await visitor.fetch(`/media/adif-export-${jobId}.adi`), 404, 'the export file at /media');
        // Bob's export of the same days is his own job, holding none of her QSOs.
        const his = await bob.post('/vexportadif', { start_date: '2025-06-01', end_date: '2025-06-30', user_id: s.aliceId });
        expectAnswer(his, 201, "Bob exports 'for Alice'");
        expect(his.body.job.id).not.toBe(jobId);
      },
    },
    // --- ADIF import (Alice imports a file whose one QSO she has: her log stays as it was) ---
    {
      routes: ['POST /api/vimportadif', 'GET /api/vimportadif/:import_id'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vimportadif' }),
      probe: async () => {
        const file = (name: string, call = 'DL1ABC') => {
          const form = new FormData();
          form.append('adif_file', new Blob([`<CALL:${call.length}>${call}<QSO_DATE:8>20250601<TIME_ON:4>1830<FREQ:6>14.074<MODE:3>FT8<EOR>`]), name);
          return { method: 'POST', body: form };
        };
        const hers = await alice.fetch('/api/vimportadif', file('alice.adi'));
        expectAnswer(hers, 200, 'Alice imports a file');
        expect(hers.body).toMatchObject({ imported: 0, duplicates: 1 });
        const importId = hers.body.import_id as string;
        expectAnswer(await alice.get(`/vimportadif/${importId}`), 200, 'Alice reads her import');
        expectAnswer(await bob.get(`/vimportadif/${importId}`), 404, "Bob reads Alice's import");
        expect((await visitor.get(`/vimportadif/${importId}`)).status).toBe(401);
        // Bob's file goes to his own log, whoever he names.
        const his = await bob.fetch(`/api/vimportadif?user_id=${s.aliceId}`, file('bob.adi', 'OH2XYZ'));
        expectAnswer(his, 200, "Bob imports 'into Alice's log'");
        expect(his.body).toMatchObject({ imported: 1, duplicates: 0 });
      },
    },
    // --- outside /api ---
    {
      routes: ['GET /media/:file_name'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const photo = await visitor.fetch(`/media/${s.photoFile}`);
        expect(photo.status).toBe(200);
        for (const path of ['/media/..%2F..%2Fpackage.json', '/media/..%2Fmail', '/media/%2Fetc%2Fpasswd', '/media/no-such-file.png']) {
          expectAnswer(await visitor.fetch(path), 404, path);
        }
      },
    },
    // --- payments (issue 12): without Stripe keys every payment call says so; payments.test.ts walks them with a local Stripe ---
    {
      routes: ['GET /api/stripe/config', 'POST /api/stripe/donate'],
      access: 'public',
      key: 'refused',
      probe: async () => {
        expect((await visitor.get('/stripe/config')).body).toEqual({ enabled: false, trial_days: 0, trial_available: true });
        expectAnswer(await visitor.post('/stripe/donate', { amount: 5, user_id: s.aliceId }), 404, 'a donation without Stripe');
      },
    },
    {
      routes: ['POST /api/stripe/webhook'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        expectAnswer(await visitor.post('/stripe/webhook', { type: 'checkout.session.completed', data: { object: { client_reference_id: s.aliceId } } }), 404, 'a webhook without Stripe');
      },
    },
    {
      routes: ['POST /api/stripe/checkout', 'POST /api/stripe/verify-session/:session_id'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/stripe/checkout', body: { kind: 'subscription' } }),
      probe: async () => {
        expectAnswer(await bob.post('/stripe/checkout', { kind: 'subscription', user_id: s.aliceId }), 404, 'Bob checks out without Stripe');
        expectAnswer(await bob.post('/stripe/verify-session/cs_test_alice'), 404, 'Bob verifies a checkout without Stripe');
        expect((await visitor.post('/stripe/verify-session/cs_test_alice')).status).toBe(401);
      },
    },
    {
      routes: ['GET /api/vsupporters'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        expect((await visitor.get('/vsupporters')).body).toEqual({ supporters: [] });
      },
    },
    // --- news posts (the form's writes are the author's own; the reads are public) ---
    {
      routes: ['POST /api/vpostcaptcha'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vpostcaptcha' }),
      probe: async () => {
        expectAnswer(await bob.post('/vpostcaptcha', { user_id: s.aliceId }), 200, "Bob's captcha");
      },
    },
    {
      routes: ['POST /api/vstore'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vstore' }),
      probe: async () => {
        // A post sent 'as Alice' is Bob's own.
        const res = await sendPost(bob, '/vstore', { user_id: s.aliceId, title: 'Posted by Bob, not Alice' });
        expectAnswer(res, 201, "Bob posts 'as Alice'");
        expect((await bob.post(`/vpost/${res.body.id as string}`)).body.user_id).toBe(s.bobId);
      },
    },
    {
      routes: ['POST /api/vupdate/:id'],
      access: 'signed-in',
      key: 'refused',
      request: () => ({ path: '/vupdate/0123456789abcdef01234567' }),
      probe: async () => {
        const id = s.postId;
        expectAnswer(await sendPost(bob, `/vupdate/${id}`, { title: 'Bob rewrote this post' }), 403, "Bob updates Alice's post");
        expect((await sendPost(visitor, `/vupdate/${id}`, { title: 'A visitor rewrote this' })).status).toBe(401);
        bob.position = Math.max(bob.position, alice.position);
        expect((await bob.post(`/vpost/${id}`)).body.title).toBe("Alice's own station report");
      },
    },
    {
      routes: ['GET /api/vnews', 'POST /api/vnews', 'GET /api/vvideos', 'POST /api/vvideos'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const path of ['/vnews', '/vvideos']) {
          const res = await visitor.post(path, { page: 1, size: 12 });
          expectAnswer(res, 200, path);
          expectNoPrivateFields(res.body, path);
          expectAnswer(await visitor.get(`${path}?page=1`), 200, path);
        }
      },
    },
    {
      routes: ['GET /api/vpost/:id', 'POST /api/vpost/:id', 'GET /api/vpostget/:id', 'POST /api/vpostget/:id'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        const [post] = (await visitor.post('/vnews', { page: 1, size: 1 })).body.posts as { id: string }[];
        for (const path of [`/vpost/${post?.id ?? ''}`, `/vpostget/${post?.id ?? ''}`]) {
          const res = await visitor.post(path);
          expectAnswer(res, 200, path);
          expectNoPrivateFields(res.body, path);
          expectAnswer(await visitor.get(path), 200, path);
        }
        expect((await visitor.get('/vpost/not-a-post')).status).toBe(404);
      },
    },
    {
      routes: ['GET /healthz', 'GET /readyz', 'GET /metrics'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const path of ['/healthz', '/readyz']) expectAnswer(await visitor.fetch(path), 200, path);
        // The metrics are public in name only: they need the operator's token (METRICS_TOKEN).
        expectAnswer(await visitor.fetch('/metrics'), 401, '/metrics');
      },
    },
    {
      routes: ['GET /.*/'],
      access: 'public',
      key: 'as-visitor',
      probe: async () => {
        for (const path of ['/W1AW', '/W1AW%2FP', `/qso/${s.liveQso}`, `/qso/${s.deletedQso}`, '/profile', '/notifications']) {
          const page = await visitor.fetch(path);
          expectAnswer(page, 200, path);
          expect(page.headers.get('content-type')).toMatch(/text\/html/);
        }
      },
    },
  ];

  it('has a case for every route the server mounts, and no case for a route it does not', () => {
    const mounted = new Set(appRoutes(t.server.app));
    const covered = cases.flatMap((c) => c.routes);
    expect([...mounted].filter((r) => !covered.includes(r)), 'routes without a case').toEqual([]);
    expect(covered.filter((r) => !mounted.has(r)), 'cases without a route').toEqual([]);
    expect(covered.length, 'a route covered twice').toBe(new Set(covered).size);
    // Each says what Alice's key session gets there (decision 0049).
    const keyed = (c: Case) => c.key === 'refused' || c.key === 'as-visitor' || typeof c.key?.inScope === 'function';
    expect(cases.filter((c) => !keyed(c)).map((c) => c.routes[0]), 'cases without a key-session rule').toEqual([]);
  });

  it('the production gateway sends every command-api route to command-api and every other call to query-api', () => {
    const concrete = (route: string) => route.replace(/^\w+ /, '').replace(':qdo_id', 'abc123').replace(':callsign', 'W1AW').replace(':dryrun', 'true').replace(':key', 'k').replace(':session_id', 'cs_test_x');
    const commands = [...routerRoutes(commandRouter({} as CommandDeps), '/api'), ...routerRoutes(cloudlogCommandRouter({} as CommandDeps), '/api'), ...routerRoutes(stripeWebhookRouter({} as CommandDeps), '/api')].map(concrete);
    const apiRoutes = cases.flatMap((c) => c.routes).filter((r) => / \/api\//.test(r)).map(concrete);
    for (const path of apiRoutes) expect(isCommandPath(path.replace(/^\/api/, '')), path).toBe(commands.includes(path));
  });

  it('signed-in calls refuse visitors, forged and logged-out tokens; API-key calls refuse a missing or wrong key', async () => {
    for (const c of cases) {
      if (c.access === 'public' || !c.request) continue;
      const { method = 'POST', path, body = {} } = c.request(s);
      const init = (token: string | null) => ({
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      if (c.access === 'signed-in') {
        for (const token of [null, 'forged-token', revokedToken, s.aliceKey]) {
          const res = await visitor.fetch(`/api${path}`, init(token));
          expect(res.status, `${method} ${path} with ${token ?? 'no token'}`).toBe(401);
        }
      } else {
        for (const key of ['', 'not-a-key']) {
          const withKey = path === '/radio' ? { ...(body as object), key } : body;
          const res = await visitor.fetch(`/api${path}${key ? `?key=${key}` : ''}`, { ...init(null), body: JSON.stringify(withKey) });
          expect(res.status, `${method} ${path} with key '${key}'`).toBe(401);
        }
      }
    }
  });

  describe('each call, as a visitor and as Bob', () => {
    // it.each would read the table before beforeAll fills the seed; each probe reads it when run.
    for (const c of cases) it(c.routes.join(', '), async () => c.probe(s));
  });

  /** A route as the app mounts it, called: ids from the seed, and the case's own request where it is that call. */
  function callOf(route: string, c: Case): { path: string; init: RequestInit & { headers?: Record<string, string> } } {
    const [verb = '', pattern = ''] = route.split(' ');
    const ids: Record<string, string> = { qdo_id: s.liveQso, dryrun: 'true', key: 'not-a-key', callsign: 'W1AW', style: '1', n: '100', id: s.postId, job_id: s.postId, import_id: s.postId, session_id: 'cs_test_alice', file_name: s.photoFile };
    const path = pattern === '/.*/' ? '/W1AW' : pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? name);
    const method = verb === 'GET' ? 'GET' : 'POST';
    const own = c.request?.(s);
    const body = own && `/api${own.path}` === path && (own.method ?? 'POST') === method ? own.body : {};
    return { path, init: method === 'GET' ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } };
  }

  describe("each call, as Alice's own key session (decision 0049)", () => {
    for (const c of cases) {
      it(c.routes.join(', '), async () => {
        if (typeof c.key === 'object') return c.key.inScope();
        for (const route of c.routes) {
          const { path, init } = callOf(route, c);
          const mine = await aliceApp.fetch(path, init);
          if (c.key === 'refused') {
            expect(mine.status, `${route}: ${mine.text.slice(0, 300)}`).toBe(403);
            expect(mine.body, route).toEqual({ message: KEY_SESSION_OUT_OF_SCOPE });
          } else {
            const theirs = await visitor.fetch(path, init);
            expect(mine.status, `${route} (a visitor: ${theirs.status}): ${mine.text.slice(0, 300)}`).toBe(theirs.status);
          }
        }
      });
    }
  });

  it("leaves Alice's data exactly as it was, and no answer to a stranger carried her secrets", async () => {
    expect(leaks).toEqual([]);
    expect(await streamLengths()).toEqual(streamsBefore);
    expect(await aliceView()).toEqual(before);
    // Her message is still unread (Bob's inbox call marked nothing of hers), and her password still works.
    const inbox = await alice.post('/vinbox');
    expect(inbox.body.notifications.map((n: { message: string }) => n.message)).toEqual([expect.stringContaining('Secret sked')]);
    expect((await caller('alice2').post('/vlogin', { email: 'alice.private@example.com', password: ALICE_PASSWORD })).status).toBe(200);
  });
});
