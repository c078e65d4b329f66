/**
 * Text the stores cannot keep (a NUL byte, a lone UTF-16 surrogate) is refused with a 422 before
 * any handler runs, on every route the server mounts (walked from the live app), in the body, the
 * query string and the path; nothing is written. The same calls with ordinary text still work.
 * A body that is not JSON or not UTF-8 is a 400; one nested deeper than any call needs is a 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MAX_NESTING, REQUEST_NOT_UTF8, REQUEST_PATH_MALFORMED, requestNestedTooDeeply, TEXT_UNSTORABLE } from '@hamlog/domain';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { appRoutes } from './express-routes';
import { readMailbox } from './mailbox';
import { subscribe } from './people-helpers';
import { ApiClient, startTestServer, type Answer, type TestServer } from './server-harness';

const ODD = { 'a NUL byte': '\u0000', 'a lone surrogate': '\ud800' } as const;
/** Served before the check and read nothing from the request. */
// The Stripe webhook takes raw bytes, trusted only when their signature holds (payments off here: 404 for any body).
const NOT_CHECKED = ['/healthz', '/readyz', '/metrics', '/api/stripe/webhook'];

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  token?: string | null;
}

async function send(base: string, { method, path, body, token }: Call): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // JSON.stringify spells both as escapes ("\u0000", "\ud800"), as a client's JSON would.
  const res = await fetch(`${base}${path}`, { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

function expectRefused(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(422);
  expect(answer.body.message ?? answer.body.reason, what).toBe(TEXT_UNSTORABLE);
}

/** The value at a dotted name, with `suffix` added to it. */
function withSuffix(body: Record<string, unknown>, field: string, suffix: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const names = field.split('.');
  let node = copy;
  for (const name of names.slice(0, -1)) node = node[name] as Record<string, unknown>;
  const last = names[names.length - 1]!;
  node[last] = `${String(node[last])}${suffix}`;
  return copy;
}

/** Every row of every table, and the files written: what "nothing was written" compares. */
async function snapshot(pool: Pool, dataDir: string): Promise<string> {
  const tables = await pool.query<{ schemaname: string; tablename: string }>(
    "SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
  );
  const counts: string[] = [];
  for (const { schemaname, tablename } of tables.rows) {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${schemaname}"."${tablename}"`);
    counts.push(`${schemaname}.${tablename}=${rows[0]?.n}`);
  }
  return `${counts.join(' ')} mails=${(await readMailbox(dataDir)).length}`;
}

/** Waits until the read models stop changing (the setup's writes are projected). */
async function settled(pool: Pool, dataDir: string): Promise<string> {
  let last = await snapshot(pool, dataDir);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const now = await snapshot(pool, dataDir);
    if (now === last) return now;
    last = now;
  }
}

describe('odd bytes in text are refused at the edge (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let pool: Pool;
  const alice = () => new ApiClient(t.url);
  let token: string;
  let aliceId: string;
  let bobId: string;
  let apiKey: string;
  let qdoId: string;

  beforeAll(async () => {
    t = await startTestServer();
    pool = createPool(t.db.url, 2);
    const a = alice();
    aliceId = await a.signUp('alice@example.com', 'W1AW', 'alice-password-123');
    token = a.token!;
    bobId = await new ApiClient(t.url).signUp('bob@example.com', 'K1JT');
    await subscribe(t, aliceId, 'premium', null);
    apiKey = (await a.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    qdoId = (await a.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'OH2BH', TS: '2025-03-04T05:06:07Z', Freq: 7030.5, Mode: 'CW' } })).body.qdo_id;
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  it('every route refuses them in the body, the query string and the path, and nothing is written', async () => {
    const before = await settled(pool, t.dataDir);
    const routes = appRoutes(t.server.app).filter((r) => !NOT_CHECKED.some((p) => r.endsWith(` ${p}`)));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const [verb, pattern] = route.split(' ') as ['GET' | 'POST' | '_ALL', string];
      // A route for every method (the Cloudlog API's reads) is tried with a body.
      const method = verb === '_ALL' ? 'POST' : verb;
      // A client route (the pages' catch-all) is reached by any path.
      const page = /[.*^$()\\]/.test(pattern);
      const concrete = (value: string) => (page ? `/${value}` : pattern.replace(/:\w+/g, value));
      for (const [name, odd] of Object.entries(ODD)) {
        const what = `${route} with ${name}`;
        if (method === 'POST') {
          expectRefused(await send(t.url, { method, path: concrete('W1AW'), body: { text: `W1AW${odd}`, data: { Comment: `x${odd}` } }, token }), `${what} in the body`);
          expectRefused(await send(t.url, { method, path: concrete('W1AW'), body: { [`key${odd}`]: 'value' }, token }), `${what} in a key`);
        }
        if (odd === '\u0000') {
          expectRefused(await send(t.url, { method, path: `${concrete('W1AW')}?callsign=W1AW%00&key=${apiKey}`, token }), `${what} in the query`);
          if (page || pattern.includes(':')) expectRefused(await send(t.url, { method, path: concrete('W1AW%00'), token }), `${what} in the path`);
        }
      }
    }
    expect(await settled(pool, t.dataDir)).toBe(before);
  }, 120_000);

  // The routes that take text from people, each with a call that works and the field to spoil.
  const textCalls: { name: string; field: string; call: () => Call; ok: number }[] = [
    { name: 'register', field: 'my_callsign', call: () => ({ method: 'POST', path: '/api/vregister', body: { email: 'carol@example.com', my_callsign: 'W1CRL' } }), ok: 200 },
    { name: 'login', field: 'password', call: () => ({ method: 'POST', path: '/api/vlogin', body: { email: 'alice@example.com', password: 'alice-password-123' } }), ok: 200 },
    { name: 'PIN request', field: 'callsign', call: () => ({ method: 'POST', path: '/api/vsendpin', body: { callsign: 'W1AW' } }), ok: 200 },
    { name: 'API key sign-in', field: 'api_key', call: () => ({ method: 'POST', path: '/api/vapikeylogin', body: { api_key: apiKey } }), ok: 200 },
    { name: 'callsign search', field: 'callsign', call: () => ({ method: 'GET', path: '/api/vprofilefor?callsign=W1AW' }), ok: 200 },
    { name: 'log a QSO', field: 'data.Comment', call: () => ({ method: 'POST', path: '/api/vqso/upsert', body: { data: { Call: 'JA1XYZ', TS: '2025-03-05T05:06:07Z', Freq: 14020, Mode: 'CW', Comment: 'nice' } }, token }), ok: 201 },
    { name: 'edit a QSO', field: 'Comment', call: () => ({ method: 'POST', path: '/api/vqso/update', body: { qdo_id: qdoId, Comment: 'edited' }, token }), ok: 200 },
    { name: 'profile', field: 'qth', call: () => ({ method: 'POST', path: '/api/vupdateprofile', body: { name: 'Alice', email: 'alice@example.com', grid: 'FN31', qth: 'Boston' }, token }), ok: 200 },
    { name: 'sub-account', field: 'callsign', call: () => ({ method: 'POST', path: '/api/vaddsubaccount', body: { callsign: 'W1AW/P' }, token }), ok: 200 },
    { name: 'direct message', field: 'message', call: () => ({ method: 'POST', path: '/api/vsendmessage', body: { message: 'Hello Bob, 73!', recipient_id: bobId }, token }), ok: 201 },
    { name: 'rig report', field: 'radio', call: () => ({ method: 'POST', path: '/api/radio', body: { key: apiKey, radio: 'IC-705', frequency: 7074000, mode: 'USB' } }), ok: 200 },
  ];

  it.each(textCalls)('$name: refused with $field spoiled, nothing written; works with ordinary text', async ({ field, call, ok }) => {
    const valid = call();
    const before = await settled(pool, t.dataDir);
    for (const [name, odd] of Object.entries(ODD)) {
      const spoiled: Call = valid.method === 'GET'
        ? { ...valid, path: valid.path.replace(`${field}=`, `${field}=${odd === '\u0000' ? '%00' : '%ED%A0%80'}`) }
        : { ...valid, body: withSuffix(valid.body ?? {}, field, odd) };
      const answer = await send(t.url, spoiled);
      // A lone surrogate cannot be spelled in a URL's UTF-8: it arrives as text that is merely odd.
      if (valid.method === 'GET' && odd !== '\u0000') expect(answer.status).toBeLessThan(500);
      else {
        expectRefused(answer, `${field} with ${name}`);
        expect(answer.body.errors, JSON.stringify(answer.body)).toEqual({ [field.split('.')[0]!]: [TEXT_UNSTORABLE] });
      }
    }
    expect(await settled(pool, t.dataDir)).toBe(before);
    const answer = await send(t.url, valid);
    expect(answer.status, JSON.stringify(answer.body)).toBe(ok);
  }, 60_000);

  it('a form body (a rig report from a companion app) is checked too', async () => {
    const form = (radio: string) => fetch(`${t.url}/api/radio`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: apiKey, radio, frequency: '7074000', mode: 'USB' }).toString(),
    });
    const refused = await form('IC\u0000705');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ status: 'failed', reason: TEXT_UNSTORABLE });
    expect((await form('IC-705')).status).toBe(200);
  });

  it('multipart text fields (a callsign claim, a photo upload) are checked too', async () => {
    const before = await settled(pool, t.dataDir);
    for (const path of ['/api/vclaimcallsign', '/api/vuploadphoto']) {
      const form = new FormData();
      // A lone surrogate cannot travel in a form: FormData turns it into U+FFFD.
      form.append('callsign', 'W1AW\u0000');
      form.append('note', 'It is mine');
      const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(res.status, path).toBe(422);
      expect(((await res.json()) as { message: string }).message, path).toBe(TEXT_UNSTORABLE);
    }
    expect(await settled(pool, t.dataDir)).toBe(before);
  });

  it('a body nested 10,000 deep is refused on every route, signed in or not: 4xx, never 5xx, and nothing is written', async () => {
    const before = await settled(pool, t.dataDir);
    const depth = 10_000;
    const bodies = { objects: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, arrays: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}` };
    const deep = async (path: string, body: string, withToken: boolean, contentType = 'application/json') => {
      const headers: Record<string, string> = { 'content-type': contentType };
      if (withToken) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${t.url}${path}`, { method: 'POST', headers, body });
      const text = await res.text();
      let reason: unknown;
      try {
        const parsed = JSON.parse(text) as { message?: unknown; reason?: unknown };
        reason = parsed.message ?? parsed.reason;
      } catch {
        reason = undefined;
      }
      return { status: res.status, text, reason };
    };
    // Every route that takes a body, the Stripe webhook's raw one too (payments are off here: 404; signed, payments.test.ts).
    const routes = appRoutes(t.server.app).filter((r) => !r.startsWith('GET '));
    expect(routes).toContain('POST /api/stripe/webhook');
    for (const route of routes) {
      const pattern = route.split(' ')[1]!;
      const path = /[.*^$()\\]/.test(pattern) ? '/W1AW' : pattern.replace(/:\w+/g, 'W1AW');
      for (const [shape, body] of Object.entries({ ...bodies, 'a top-level array': `${'['.repeat(depth)}${']'.repeat(depth)}` })) {
        for (const withToken of [true, false]) {
          const answer = await deep(path, body, withToken);
          expect(answer.status, `${route} with ${shape} ${withToken ? 'signed in' : 'signed out'}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    }
    // A write, a read, and the Cloudlog calls that read their own bodies (JSON under any content type): 422 with the reason.
    // (The rig report takes 16 KB at most: 10,000 levels are a 413 there, 2,000 fit.)
    const tooDeep = requestNestedTooDeeply(REQUEST_MAX_NESTING);
    const fitting = { objects: `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`, arrays: `{"a":${'['.repeat(2_000)}${']'.repeat(2_000)}}` };
    for (const path of ['/api/vqso/upsert', '/api/vlogbook', '/api/qso', '/api/radio']) {
      for (const [shape, body] of Object.entries(path === '/api/radio' ? fitting : bodies)) {
        for (const contentType of ['application/json', 'text/plain']) {
          if (contentType === 'text/plain' && !['/api/qso', '/api/radio'].includes(path)) continue;
          const answer = await deep(path, body, true, contentType);
          expect(answer.status, `${path} ${shape} ${contentType}: ${answer.text.slice(0, 200)}`).toBe(422);
          expect(answer.reason, path).toBe(tooDeep);
        }
      }
    }
    // As deep as any call may nest is still read (and refused only for what it says).
    const nested = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`) as Record<string, unknown>;
    expect((await send(t.url, { method: 'POST', path: '/api/vlogbook', body: nested(REQUEST_MAX_NESTING), token })).status).toBe(200);
    expect((await send(t.url, { method: 'POST', path: '/api/vlogbook', body: nested(REQUEST_MAX_NESTING + 1), token })).body.message).toBe(tooDeep);
    // Express's query parser keeps names flat: a deeply bracketed name is one key.
    const bracketed = await fetch(`${t.url}/api/vprofilefor?callsign=W1AW&${'a'.padEnd(3_000, '[b]')}=1`);
    expect(bracketed.status).toBeLessThan(500);
    expect(await settled(pool, t.dataDir)).toBe(before);
  }, 180_000);

  it('a path that cannot be decoded, a body that is not JSON or not UTF-8: 400, never 500', async () => {
    const malformedPath = await fetch(`${t.url}/api/vlogbar/W1%ED%A0%80AW`, { method: 'POST' });
    expect(malformedPath.status).toBe(400);
    expect(await malformedPath.json()).toEqual({ message: REQUEST_PATH_MALFORMED });
    const notJson = await fetch(`${t.url}/api/vlogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": "a@b.c", ' });
    expect(notJson.status).toBe(400);
    const latin1 = Buffer.concat([Buffer.from('{"email":"j'), Buffer.from([0xf6]), Buffer.from('rg@example.com","my_callsign":"W1JRG"}')]);
    const notUtf8 = await fetch(`${t.url}/api/vregister`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: latin1 });
    expect(notUtf8.status).toBe(400);
    expect(await notUtf8.json()).toEqual({ message: REQUEST_NOT_UTF8 });
  });
});
