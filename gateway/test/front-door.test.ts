/**
 * The front door of the production shape (decision 0055): nginx's configuration comes from the
 * routers, the committed copy docker-compose mounts is current, and nginx sends every route where
 * its router lives (checked against real nginx, with two stand-in services that say who they are).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRoutes } from '@hamlog/command-api';
import { appRoutes } from '@hamlog/infra/http/router-routes';
import { nginxSiteConfig } from '../src/nginx/nginx-config';
import { COMPOSE_CONFIG_FILE, COMPOSE_FRONT_DOOR } from '../src/nginx/write-config';
import { nginxBinary, startFrontDoor, type RunningProcess } from '../src/shape/service-processes';
import { startTestServer, type TestServer } from './server-harness';

describe('the front door configuration', () => {
  it('is committed as `npm run nginx:config` writes it from the routers', () => {
    expect(readFileSync(COMPOSE_CONFIG_FILE, 'utf8')).toBe(nginxSiteConfig(COMPOSE_FRONT_DOOR));
  });
});

/** A stand-in service answering every request (and websocket upgrade) with its own name and the path it got. */
async function standIn(name: string): Promise<{ server: Server; host: string; seen: { path: string; forwardedFor?: string }[] }> {
  const seen: { path: string; forwardedFor?: string }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(name));
  });
  server.on('upgrade', (req, socket) => {
    seen.push({ path: req.url ?? '' });
    socket.end('HTTP/1.1 418 I am a teapot\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return { server, host: `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, seen };
}

describe.skipIf(!nginxBinary())('nginx in front of the pools', () => {
  let t: TestServer;
  let command: Awaited<ReturnType<typeof standIn>>;
  let query: Awaited<ReturnType<typeof standIn>>;
  let nginx: RunningProcess;

  beforeAll(async () => {
    t = await startTestServer();
    command = await standIn('command-api');
    query = await standIn('query-api');
    nginx = await startFrontDoor({ commandApi: [command.host], queryApi: [query.host] });
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
    command?.server.close();
    query?.server.close();
    await t?.stop();
  });

  const via = async (method: string, path: string) => (await fetch(`${nginx.url}${path}`, { method, body: method === 'POST' ? '{}' : undefined })).text();

  it('sends every /api route of command-api to the command-api pool and every other one to query-api', async () => {
    const commands = new Set(commandRoutes().map((r) => `/api${r.path}`));
    const routes = appRoutes(t.server.app).filter((r) => r.path.startsWith('/api/') && !r.path.includes('*'));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z_]+/g, 'x1y2');
      const expected = commands.has(route.path) ? 'command-api' : 'query-api';
      expect(await via(route.method === 'GET' ? 'GET' : 'POST', path), `${route.method} ${route.path}`).toBe(expected);
      // Cloudlog's apps write /index.php/api/...; express matches any case and a trailing slash.
      expect(await via('POST', `/index.php${path}`), `/index.php${route.path}`).toBe(expected);
      expect(await via('POST', `${path.toUpperCase()}/`), `${route.path} upper case`).toBe(expected);
    }
  }, 120_000);

  it('sends the client, media, embeds and the websocket to query-api, with the address nginx saw', async () => {
    for (const path of ['/', '/logger', '/qso/abc', '/media/x.png', '/qsl/abc', '/embed/1/W1AW', '/healthz']) expect(await via('GET', path), path).toBe('query-api');
    const socket = new WebSocket(`${nginx.url.replace('http', 'ws')}/ws`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await expect(once(socket, 'open')).rejects.toThrow(/418/);
    expect(query.seen.at(-1)?.path).toBe('/ws');
    await fetch(`${nginx.url}/api/vlogin`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.9' }, body: '{}' });
    expect(command.seen.at(-1)).toEqual({ path: '/api/vlogin', forwardedFor: '127.0.0.1' });
  });
});
