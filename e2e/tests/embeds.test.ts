import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { logbookWith, logThroughApi, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

/** Asks until `found` holds, at most `timeoutMs` (the embeds read models built asynchronously, and keep a page a few seconds). */
async function until(ask: () => Promise<string>, found: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await ask();
    if (found(text) || Date.now() > deadline) return text;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!canRun)('embed pages framed by another origin, and /how-to/embeds, in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  let station: Station;
  let host: Server;
  let hostUrl = '';

  beforeAll(async () => {
    const url = journey.server.url;
    station = await registerStation(url, 'W');
    await logThroughApi(url, station, { Call: 'DL1EMB', TS: '2025-06-01T18:30:00Z', Freq: 14074, Mode: 'FT8', Comment: '<b>tnx</b> 73' });
    await logbookWith(url, station, 1);
    const radio = await fetch(`${url}/api/radio`, { method: 'POST', body: JSON.stringify({ key: station.apiKey, radio: 'IC-7300', frequency: '14074000', mode: 'FT8', op_mode: '2' }) });
    expect(radio.status).toBe(200);
    // The embeds do not wait for the read models: wait until both pages show what was just done.
    const get = (path: string) => fetch(`${url}${path}`).then((r) => r.text());
    expect(await until(() => get(`/embed/1/${station.callsign}`), (html) => html.includes('DL1EMB'))).toContain('DL1EMB');
    expect(await until(() => get(`/active-embed/1/${station.callsign}`), (html) => html.includes('ON AIR'))).toContain('ON AIR');

    // Somebody's own site, on another origin: plain HTML with two iframes and not one script.
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My shack</title></head><body>
      <h1>Welcome to my shack</h1>
      <iframe id="logs" src="${url}/embed/1/${station.callsign}?ref_id=friend" title="My log" width="100%" height="420" style="border:0"></iframe>
      <iframe id="live" src="${url}/active-embed/1/${station.callsign}" title="On air" width="100%" height="90" style="border:0"></iframe>
      </body></html>`;
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await new Promise((resolve) => host?.close(resolve));
  });

  it('shows the log and the live banner inside another site, with JavaScript off and no policy violation', async () => {
    expect(new URL(hostUrl).origin).not.toBe(new URL(journey.server.url).origin);
    const context = await journey.browser.newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    const framed = Promise.all([
      page.waitForResponse((res) => res.url().includes(`/embed/1/${station.callsign}`)),
      page.waitForResponse((res) => res.url().includes(`/active-embed/1/${station.callsign}`)),
    ]);
    await page.goto(hostUrl);
    const [logsAnswer, liveAnswer] = await framed;
    for (const answer of [logsAnswer, liveAnswer]) {
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-security-policy']).toContain('frame-ancestors *');
    }

    const logs = page.frameLocator('#logs');
    await logs.getByRole('link', { name: station.callsign, exact: true }).waitFor({ timeout: 10_000 });
    await logs.getByRole('link', { name: 'DL1EMB' }).waitFor();
    await expect(logs.getByRole('cell', { name: '<b>tnx</b> 73' }).isVisible()).resolves.toBe(true);
    expect(await logs.getByRole('link', { name: station.callsign, exact: true }).getAttribute('href')).toBe(`/${station.callsign}?ref_id=friend`);
    const live = page.frameLocator('#live');
    await live.getByText('ON AIR').waitFor({ timeout: 10_000 });
    await expect(live.getByText('14.074 MHz FT8').isVisible()).resolves.toBe(true);

    // Both frames really are the embed pages, from the product's origin, inside the host page.
    const frames = page.frames().filter((frame) => frame !== page.mainFrame());
    expect(frames.map((frame) => new URL(frame.url()).origin)).toEqual([journey.server.url, journey.server.url]);
    expect(console.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
  }, 60_000);

  it('asks visitors to log in on /how-to/embeds and gives a signed-in station its five snippets', async () => {
    const context = await journey.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/how-to/embeds`);
    await page.getByText('Please log in to see your personal HTML Embed Codes').waitFor({ timeout: 10_000 });

    await signIn(page, journey.server.url, station);
    await page.goto(`${journey.server.url}/how-to/embeds`);
    const logs = page.getByLabel('HTML for the logs');
    await logs.waitFor({ timeout: 10_000 });
    const boxes = page.locator('textarea[readonly]');
    await expect(boxes.count()).resolves.toBe(5);
    const snippets = await boxes.evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value));
    for (const snippet of snippets) {
      expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/(active-embed|embed)\//);
      expect(snippet).toContain(station.callsign);
      expect(snippet).toContain('?ref_id=');
    }
    expect(await logs.inputValue()).toContain(`/embed/1/${station.callsign}?ref_id=`);
  }, 60_000);
});
