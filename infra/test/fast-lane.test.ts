import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFastLane, type FastRoute } from '../src/http/fast-lane';
import { callerHas, HTML, prepareAnswer, preferredEncoding } from '../src/http/prepared-answer';
import { Histogram } from '../src/observability/metrics';

describe('preferredEncoding: what a caller accepts among br and gzip', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['BR', 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(preferredEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only what is there', () => {
    expect(preferredEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBe('identity');
  });
});

describe('callerHas: If-None-Match as express reads it', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as Parameters<typeof callerHas>[0];
  it('matches the tag, a weak tag, one of a list and *; a reload (no-cache) is never a match', () => {
    expect(callerHas(req({ 'if-none-match': '"abc"' }), '"abc"')).toBe(true);
    expect(callerHas(req({ 'if-none-match': 'W/"abc"' }), '"abc"')).toBe(true);
    expect(callerHas(req({ 'if-none-match': '"x", "abc"' }), '"abc"')).toBe(true);
    expect(callerHas(req({ 'if-none-match': '*' }), '"abc"')).toBe(true);
    expect(callerHas(req({ 'if-none-match': '"abd"' }), '"abc"')).toBe(false);
    expect(callerHas(req({}), '"abc"')).toBe(false);
    expect(callerHas(req({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }), '"abc"')).toBe(false);
    expect(callerHas(req({ 'if-none-match': '"abc"', 'cache-control': 'max-age=0' }), '"abc"')).toBe(true);
  });
});

describe('withFastLane: the routes it has, ahead of the app', () => {
  let server: Server;
  let url = '';
  const appCalls: string[] = [];
  const durations = new Histogram('test_durations', 'test');
  const page = prepareAnswer(200, '<p>fast</p>');
  const app: RequestListener = (req, res) => {
    appCalls.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'text/plain');
    res.end('express');
  };
  const routes: FastRoute[] = [
    (request) => (request.path === '/fast' || request.path === '/api/fast' ? async () => ({ answer: page, contentType: HTML, headers: (res) => res.setHeader('Cache-Control', `max-age=${request.query.get('age') ?? 1}`) }) : undefined),
    ({ path }) => (path === '/fails' ? () => Promise.reject(new Error('read failed')) : undefined),
  ];

  beforeAll(async () => {
    server = createServer(withFastLane(routes, app, durations)).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const call = async (path: string, init: RequestInit = {}) => {
    const before = appCalls.length;
    const res = await fetch(`${url}${path}`, init);
    return { res, body: await res.text(), viaApp: appCalls.length > before };
  };

  it('answers a route it has with the prepared answer, the security headers and the route’s own', async () => {
    const { res, body, viaApp } = await call('/fast?age=30');
    expect(viaApp).toBe(false);
    expect(body).toBe('<p>fast</p>');
    expect(res.headers.get('content-type')).toBe(HTML);
    expect(res.headers.get('cache-control')).toBe('max-age=30');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeNull();
  });

  it('under /api: the request id and the request metrics, as express gives them', async () => {
    const { res } = await call('/api/fast', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect((await durations.render()).join('\n')).toContain('route="/api/fast",status="200"');
  });

  it('hands the app every other request: other paths and methods, %-escapes, doubled slashes, a failed read', async () => {
    for (const [path, init] of [
      ['/other', {}],
      ['/fast', { method: 'POST', body: 'x' }],
      ['/fast?x=%20', {}],
      ['//fast', {}],
      ['/fails', {}],
    ] as [string, RequestInit][]) {
      const { body, viaApp } = await call(path, init);
      expect(viaApp, path).toBe(true);
      expect(body, path).toBe('express');
    }
  });

  it('answers HEAD without a body', async () => {
    const { res, body, viaApp } = await call('/fast', { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(viaApp).toBe(false);
    expect(res.headers.get('content-length')).toBe(String(page.bodies.identity.length));
    expect(body).toBe('');
  });
});
