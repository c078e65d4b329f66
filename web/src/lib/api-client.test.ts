import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { LogPositionTracker } from './log-position';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeServer(answers: Response[]) {
  const calls: Call[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  it('sends JSON with the bearer token and read-your-writes positions', async () => {
    const { calls, fetchFn } = fakeServer([
      json({ qdo_id: 'q1', duplicate: false }, 200, { 'x-log-position': '17' }),
      json({ count: 1 }),
    ]);
    let unauthorized = 0;
    const client = createApiClient({
      baseUrl: '/api',
      fetch: fetchFn,
      getToken: () => 'tok',
      onUnauthorized: () => unauthorized++,
      positions: new LogPositionTracker(),
    });

    await client.post('/vqso/upsert', { data: { Call: 'K1ABC' } });
    expect(calls[0]?.url).toBe('/api/vqso/upsert');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer tok');
    expect(headersOf(calls[0])['x-min-position']).toBeUndefined();
    expect(calls[0]?.init.body).toBe('{"data":{"Call":"K1ABC"}}');

    const count = await client.post<{ count: number }>('/vlogbookcount');
    expect(count.count).toBe(1);
    expect(headersOf(calls[1])['x-min-position']).toBe('17');
    expect(unauthorized).toBe(0);
  });

  it('throws typed errors with field messages, and reports a 401 with a token', async () => {
    const { fetchFn } = fakeServer([
      json({ message: 'Some of the fields need another look.', errors: { email: ['That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.'] } }, 422),
      json({ message: 'Unauthenticated.' }, 401),
    ]);
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: '/api',
      fetch: fetchFn,
      getToken: () => 'tok',
      onUnauthorized: (t) => seen.push(t),
      positions: new LogPositionTracker(),
    });

    const e1 = await client.post('/vregister', {}).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect((e1 as ApiError).status).toBe(422);
    expect((e1 as ApiError).fieldError('email')).toBe('That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.');

    const e2 = await client.post('/vlogbook', {}).catch((e: unknown) => e);
    expect((e2 as ApiError).status).toBe(401);
    expect(seen).toEqual(['tok']);
  });

  it('does not clear anything for a 401 without a token, and maps network failures to status 0', async () => {
    const { fetchFn } = fakeServer([json({ message: 'bad' }, 401)]);
    let unauthorized = 0;
    const client = createApiClient({
      baseUrl: '/api',
      fetch: fetchFn,
      getToken: () => null,
      onUnauthorized: () => unauthorized++,
      positions: new LogPositionTracker(),
    });
    await expect(client.post('/vlogin', {})).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toBe(0);
    await expect(client.post('/vlogin', {})).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it('downloads a file as a Blob with the token and position, and throws its refusal as an ApiError', async () => {
    const { calls, fetchFn } = fakeServer([
      new Response('<EOR>', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      json({ message: 'The export file is gone.' }, 410),
    ]);
    const positions = new LogPositionTracker();
    positions.observe('5');
    const client = createApiClient({ baseUrl: '/api', fetch: fetchFn, getToken: () => 'tok', onUnauthorized: () => undefined, positions });

    const file = await client.getBlob('/vexportjobs/j1/download');
    expect(await file.text()).toBe('<EOR>');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer tok');
    expect(headersOf(calls[0])['x-min-position']).toBe('5');
    await expect(client.getBlob('/vexportjobs/j2/download')).rejects.toMatchObject({ status: 410, message: 'The export file is gone.' });
  });
});
