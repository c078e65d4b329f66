/**
 * Read-your-writes as a client that is not ours sees it: curl, a script or a companion app sends
 * no x-min-position header and reads right after it writes. Shared by the one-process test and
 * the production-shape test (command-api and query-api in separate processes).
 */
import { expect, it } from 'vitest';

interface Plain {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** One call with nothing but the credentials: no x-min-position, no cookies. */
async function plain(base: string, path: string, body?: unknown, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<Plain> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

let serial = 0;
async function register(base: string, tag: string): Promise<{ token: string; userId: string; callsign: string }> {
  serial += 1;
  const callsign = `R${serial}${tag}`.slice(0, 9).toUpperCase().replace(/[^A-Z0-9]/g, 'X') + 'Z';
  const reg = await plain(base, '/vregister', { email: `${tag}-${serial}-${Date.now()}@example.com`, my_callsign: callsign });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { token: reg.body.token as string, userId: (reg.body.user as { id: string }).id, callsign };
}

const qso = (call: string, minutesAgo: number) => ({
  data: { Call: call, TS: new Date(Date.now() - minutesAgo * 60_000 - 60_000).toISOString(), Freq: 14074, Mode: 'FT8' },
});

/** The cases, against the server at `base()` (called once the server is up). */
export function plainClientReadsItsOwnWrites(base: () => string): void {
  it('registers and reads its own account at once, ten times out of ten', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { token, callsign } = await register(base(), `reg${i}`);
      const me = await plain(base(), '/vuser', undefined, token, 'GET');
      expect(me.status).toBe(200);
      expect(JSON.stringify(me.body)).toContain(callsign);
      expect(me.headers.get('x-read-model-stale')).toBeNull();
    }
  });

  it('counts each QSO right after logging it, then 501 logged in a row', async () => {
    const { token } = await register(base(), 'count');
    for (let i = 1; i <= 20; i += 1) {
      expect((await plain(base(), '/vqso/upsert', qso(`DL${i}ABC`, i), token)).status).toBe(201);
      expect((await plain(base(), '/vlogbookcount', {}, token)).body).toEqual({ count: i });
    }
    for (let i = 21; i <= 501; i += 1) await plain(base(), '/vqso/upsert', qso(`G${i}XY`, i), token);
    expect((await plain(base(), '/vlogbookcount', {}, token)).body).toEqual({ count: 501 });
  });

  it('reads the new values right after an update', async () => {
    const { token } = await register(base(), 'upd');
    const logged = await plain(base(), '/vqso/upsert', qso('OH2BH', 5), token);
    const qdoId = logged.body.qdo_id as string;
    for (let i = 0; i < 10; i += 1) {
      const name = `Martti ${i}`;
      expect((await plain(base(), '/vqso/update', { qdo_id: qdoId, Name: name }, token)).status).toBe(200);
      const got = await plain(base(), '/vqso/get', { qdo_id: qdoId }, token);
      expect(got.body).toMatchObject({ Name: name });
    }
  });

  it('sees a rig report sent with the API key when reading with the session', async () => {
    const { token } = await register(base(), 'rig');
    const key = ((await plain(base(), '/vuser', undefined, token, 'GET')).body.user as { api_key: string }).api_key;
    for (let i = 0; i < 10; i += 1) {
      const hz = 14_070_000 + i * 1_000;
      const sent = await fetch(`${base()}/api/radio`, { method: 'POST', body: JSON.stringify({ key, radio: 'IC-7300', frequency: String(hz), mode: 'USB' }) });
      expect(sent.status).toBe(200);
      const rig = await plain(base(), '/vrigcontrol/get', {}, token);
      expect(rig.body).toMatchObject({ freq: hz / 1000, rig_name: 'IC-7300' });
    }
  });
}
