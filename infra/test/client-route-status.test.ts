import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/app';
import { MetricsRegistry } from '../src/observability/metrics';

describe('the client for every other path', () => {
  let url = '';
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const webDist = await mkdtemp(join(tmpdir(), 'hamlog-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>HamLog</title><div id="root"></div>');
    const { handle } = createHttpApp({ logger: pino({ level: 'silent' }), metrics: new MetricsRegistry(), readinessChecks: [], apiRouters: [], webDist });
    const server = createServer(handle).listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it.each([
    ['/', 200],
    ['/logs', 200],
    ['/leaderboards', 200],
    ['/post/74/Help-and-Support', 200],
    ['/W1AW', 200],
    ['/leaderbord', 404],
    ['/logs/nothing-here', 404],
  ])('%s answers the client with %i', async (path, status) => {
    const answer = await fetch(`${url}${path}`);
    expect(answer.status).toBe(status);
    expect(await answer.text()).toContain('<div id="root">');
  });

  it('an unknown API call is still a JSON 404, not the client', async () => {
    const answer = await fetch(`${url}/api/leaderbord`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
  });
});
