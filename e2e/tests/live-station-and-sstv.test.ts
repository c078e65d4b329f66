/**
 * The live station page (/live/user/{id}) and the SSTV archive (/sstv) in Chromium (decision 0051):
 * a visitor follows a streaming station's camera link from the home page, watches its stream,
 * pops it out, sees its rig change live and its QSOs; a station not streaming says so; an unknown
 * id is 'Station not found'. The archive shows its empty state, then pages through images to each
 * QSO and the lightbox. Both at 375 px and in dark mode, with no overflow, no CSP violation and
 * nothing serious for axe-core.
 * E2E_SCREENSHOTS=<folder> keeps a screenshot of each page at desktop and phone width, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';

const canRun = browserAvailable();

// Browser globals used inside page.evaluate (this file compiles without the DOM library).
declare const document: { addEventListener(type: string, listener: (e: { violatedDirective: string; blockedURI: string }) => void): void; documentElement: { scrollWidth: number } };
declare const window: { cspViolations?: string[] };

const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Registered {
  token: string;
  user: { id: string; my_callsign: string; api_key: string };
}

/** A solid-colour PNG, w × h (a real image the server re-encodes; each colour is another file). */
function png(r: number, g: number, b: number, w = 80, h = 60): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

describe.skipIf(!canRun)('the live station page and the SSTV archive in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  let station: Registered;
  let position = 0;
  const url = (path: string) => `${journey.server.url}${path}`;

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> => {
    const res = await fetch(url(`/api${path}`), {
      method,
      headers: { authorization: `Bearer ${station.token}`, 'x-min-position': String(position), ...(body instanceof Uint8Array ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : body instanceof Uint8Array ? new Uint8Array(body) : JSON.stringify(body),
    });
    position = Math.max(position, Number(res.headers.get('x-log-position') ?? 0));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const report = async (fields: Record<string, string>) => expect((await call('POST', '/radio', { key: station.user.api_key, radio: 'IC-7300', ...fields })).status).toBe(200);
  const logQso = async (data: Record<string, unknown>) => {
    const logged = await call<{ qdo_id: string }>('POST', '/vqso/upsert', { data: { Freq: 14230, Mode: 'SSTV', ...data } });
    expect(logged.status).toBe(201);
    return logged.body.qdo_id;
  };

  /** A visitor's page (no session) that records CSP violations; the Twitch player is stood in for (no network here). */
  async function visitorPage(options: { viewport: { width: number; height: number }; colorScheme?: 'light' | 'dark' }): Promise<Page> {
    const context = await journey.browser.newContext(options);
    contexts.push(context);
    await context.route('https://player.twitch.tv/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><body style="margin:0;background:#18181b;color:#efeff1;font:16px sans-serif;display:grid;place-items:center;height:100vh">Twitch player</body>' }),
    );
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    return page;
  }

  /** No horizontal scrolling, no CSP violation, nothing serious for axe-core; a screenshot when asked for. */
  async function checkLayout(page: Page, name: string, width: number): Promise<void> {
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      await page.screenshot({ path: join(SHOTS, `${name}-top.png`) });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no horizontal overflow`).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => window.cspViolations ?? []), name).toEqual([]);
    const violations = await seriousViolations(page);
    expect(violations.length, describeViolations(name, violations)).toBe(0);
  }

  beforeAll(async () => {
    const res = await fetch(url('/api/vregister'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'live-page@example.com', my_callsign: 'W1LIV' }) });
    expect(res.status).toBe(200);
    station = (await res.json()) as Registered;
    const profile = await call('POST', '/vupdateprofile', { name: 'Hiram', email: 'live-page@example.com', qth: 'Newington', grid: 'FN31pr', live_stream_url: 'https://www.twitch.tv/w1liv' });
    expect(profile.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it("follows a streaming station's camera link to its stream, pops it out and sees the rig change live", async () => {
    await logQso({ Call: 'DL1ABC', TS: '2025-06-01T18:30:00Z' });
    await logQso({ Call: 'OH2BH', TS: '2025-06-01T18:40:00Z', Freq: 7012.5, Mode: 'CW', ContestName: 'CQ-WW-CW' });
    await report({ frequency: '14230000', mode: 'SSTV', op_mode: '2', streaming: 'true' });

    const page = await visitorPage({ viewport: DESKTOP });
    await page.goto(url('/'));
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => void (typeof frame.payload === 'string' && frames.push(frame.payload))));
    await page.getByRole('link', { name: 'Watch W1LIV live' }).click();
    await page.waitForURL(url(`/live/user/${station.user.id}`));
    await page.getByRole('heading', { level: 1, name: /W1LIV/ }).waitFor();
    expect(await page.title()).toBe('W1LIV live · HamLog');
    const frame = page.getByTitle('Live stream of W1LIV');
    expect(await frame.getAttribute('src')).toBe('https://player.twitch.tv/?channel=w1liv&parent=127.0.0.1&autoplay=false');
    await page.frameLocator('iframe[title="Live stream of W1LIV"]').getByText('Twitch player').waitFor();
    const rig = page.getByRole('region', { name: 'Rig' });
    await rig.getByText('14.230000').waitFor();
    const qsos = page.getByRole('region', { name: 'Latest QSOs' });
    await qsos.getByRole('link', { name: 'DL1ABC', exact: true }).waitFor();
    expect(await qsos.getByText('hidden').count()).toBe(1);
    await checkLayout(page, 'live-desktop-light', DESKTOP.width);

    // The rig changes: the page shows it from the live connection (a push), not only on the next poll.
    const sent = Date.now();
    await report({ frequency: '14233000', mode: 'SSTV', op_mode: '2', streaming: 'true', ptt: 'true' });
    await rig.getByText('14.233000').waitFor({ timeout: 3_000 });
    expect(Date.now() - sent).toBeLessThan(3_000);
    await rig.getByText('TXing').waitFor();
    expect(frames.some((f) => f.includes('14233'))).toBe(true);

    // Popped out: the shell's player plays it on every page; the page offers it back.
    await page.getByRole('button', { name: 'Pop out' }).click();
    const player = page.getByRole('region', { name: 'Video: W1LIV live' });
    await player.waitFor();
    expect(await player.locator('iframe').getAttribute('src')).toBe('https://player.twitch.tv/?channel=w1liv&parent=127.0.0.1&autoplay=true');
    await page.getByText('The stream is playing in the pop-out player.').waitFor();
    await page.getByRole('link', { name: 'Station page' }).click();
    await page.waitForURL(url('/W1LIV'));
    await player.waitFor();
    await page.getByRole('button', { name: 'Stop video' }).click();
    await player.waitFor({ state: 'detached' });
  }, 90_000);

  it("a station that stopped streaming shows its rig and QSOs and says it is not live now; an unknown id is 'Station not found'", async () => {
    await report({ frequency: '14230000', mode: 'SSTV', op_mode: '2' });
    for (const [viewport, scheme, name] of [
      [PHONE, 'light', 'live-phone-light'],
      [PHONE, 'dark', 'live-phone-dark'],
      [DESKTOP, 'dark', 'live-desktop-dark'],
    ] as const) {
      const page = await visitorPage({ viewport, colorScheme: scheme });
      await page.goto(url(`/live/user/${station.user.id}`));
      await page.getByText('W1LIV is not live now.').waitFor();
      expect(await page.getByTitle('Live stream of W1LIV').count()).toBe(0);
      await page.getByRole('region', { name: 'Rig' }).getByText('14.230000').waitFor();
      await page.getByRole('region', { name: 'Latest QSOs' }).getByRole('link', { name: 'OH2BH', exact: true }).waitFor();
      await checkLayout(page, name, viewport.width);
    }
    const page = await visitorPage({ viewport: PHONE });
    await page.goto(url('/live/user/00000000-0000-4000-8000-000000000000'));
    await page.getByRole('heading', { level: 1, name: 'Station not found' }).waitFor();
    await checkLayout(page, 'live-not-found-phone', PHONE.width);
  }, 90_000);

  it('shows the empty SSTV archive, then pages through images to their QSOs and the lightbox', async () => {
    const empty = await visitorPage({ viewport: PHONE });
    await empty.goto(url('/sstv'));
    await empty.getByText('No SSTV images yet. Images attached to QSOs appear here.').waitFor();
    await checkLayout(empty, 'sstv-empty-phone', PHONE.width);

    // 26 images on three QSOs (a QSO takes at most 10): one more than a page and a bit.
    const qsos = [await logQso({ Call: 'JA1XYZ', TS: '2025-05-01T10:00:00Z' }), await logQso({ Call: 'VK2ABC', TS: '2025-06-02T10:00:00Z' }), await logQso({ Call: 'ZS6XYZ', TS: '2025-06-03T10:00:00Z' })];
    for (let i = 0; i < 26; i += 1) {
      const attached = await call('POST', `/qso/${qsos[i % 3]}/sstv`, png(40 + i * 8, 90 + ((i * 37) % 150), 200 - i * 6), { 'x-api-key': station.user.api_key, 'content-type': 'image/png' });
      expect(attached.status).toBe(201);
    }
    await call('POST', '/vgetFullQso', { qdo_id: qsos[0] });

    for (const [viewport, scheme, name] of [
      [DESKTOP, 'light', 'sstv-desktop-light'],
      [DESKTOP, 'dark', 'sstv-desktop-dark'],
      [PHONE, 'light', 'sstv-phone-light'],
      [PHONE, 'dark', 'sstv-phone-dark'],
    ] as const) {
      const page = await visitorPage({ viewport, colorScheme: scheme });
      await page.goto(url('/sstv'));
      const list = page.getByRole('list', { name: 'SSTV images' });
      await list.getByRole('listitem').first().waitFor();
      expect(await list.getByRole('listitem').count()).toBe(24);
      // Every thumbnail loads (served from /media; lazily, so scrolled through first).
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
      await page.mouse.wheel(0, -20_000);
      await expect.poll(() => list.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0))).toBe(true);
      await checkLayout(page, name, viewport.width);
    }

    const page = await visitorPage({ viewport: DESKTOP });
    await page.goto(url('/sstv'));
    const list = page.getByRole('list', { name: 'SSTV images' });
    await list.getByRole('listitem').first().waitFor();
    // The newest image first: the last attached went to the second QSO (VK2ABC).
    expect(await list.getByRole('listitem').first().textContent()).toContain('VK2ABC');
    await page.getByRole('button', { name: 'Older images' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(26);
    await page.getByText('That is every SSTV image.').waitFor();

    await list.getByRole('button', { name: /^Open the SSTV image from the QSO of W1LIV with JA1XYZ/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('img').getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'sstv-lightbox-desktop.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await list.getByRole('link', { name: /^View QSO of W1LIV with ZS6XYZ/ }).first().click();
    await page.waitForURL(url(`/qso/${qsos[2]}`));
    await page.getByRole('heading', { level: 1, name: 'ZS6XYZ at 2025-06-03 10:00 UTC' }).waitFor();
  }, 120_000);
});
