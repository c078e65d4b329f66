import { afterAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from '../src/server';

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('a server killed with SIGKILL starts again on the same data', () => {
  let server: ProductServer;
  afterAll(async () => server?.stop());

  it('stops the PostgreSQL the dead server left running and serves the data it had', async () => {
    server = await startProductServer();
    const reg = await post<{ token: string }>(server.url, '/vregister', { email: 'crash@example.com', my_callsign: 'K1CRA' });
    expect(reg.status).toBe(200);
    const logged = await post<{ qdo_id: string }>(server.url, '/vqso/upsert', { data: { Call: 'W1AW', Freq: 14074, Mode: 'FT8' } }, reg.body.token);
    expect(logged.status).toBe(201);

    await server.crash();
    await server.resume();

    const count = await post<{ count: number }>(server.url, '/vlogbookcount', {}, reg.body.token);
    expect(count).toEqual({ status: 200, body: { count: 1 } });
  }, 90_000);
});
