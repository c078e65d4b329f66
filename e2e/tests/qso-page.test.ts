import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mp3Sample } from '@hamlog/infra/testing/audio-samples';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';

const canRun = browserAvailable();

// Browser globals used inside page.evaluate (this file compiles without the DOM library).
declare const document: { activeElement: unknown; documentElement: { scrollWidth: number } };
declare const localStorage: { setItem(key: string, value: string): void };

/** A tiny MP3 (ID3 tag and three MPEG frames) and a 1×1 PNG. */
const MP3 = mp3Sample();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC', 'base64');

interface Session {
  token: string;
  user: { id: string; my_callsign: string; api_key: string };
  subscription: unknown;
}

describe.skipIf(!canRun)('QSO page journey in Chromium: attachments, QSL lightbox by keyboard, history, delete and restore', () => {
  const journey = startJourney();
  let session: Session;
  let position = 0;

  /** The API as a companion app or script uses it; remembers the last write's position. */
  const api = async <T>(path: string, body: unknown, init: { raw?: Buffer; query?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${session?.token ?? ''}`, 'x-min-position': String(position), ...init.headers };
    if (!init.raw) headers['content-type'] = 'application/json';
    const res = await fetch(`${journey.server.url}/api${path}${init.query ?? ''}`, { method: 'POST', headers, body: init.raw ? new Uint8Array(init.raw) : JSON.stringify(body) });
    position = Math.max(position, Number(res.headers.get('x-log-position') ?? 0));
    return { status: res.status, body: (await res.json()) as T };
  };

  /** Waits until the read models hold the last write, so the browser's next read sees it. */
  const settle = () => api('/vgetFullQso', { qdo_id: 'settle' });

  async function signedInPage(): Promise<{ page: Page; dialogs: string[] }> {
    const page = await journey.browser.newPage();
    await page.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    return { page, dialogs };
  }

  beforeAll(async () => {
    const reg = await api<Session>('/vregister', { email: 'qsl@example.com', my_callsign: 'W1QSL' });
    expect(reg.status).toBe(200);
    session = reg.body;
  }, 60_000);

  it('shows recordings, opens the QSL card by keyboard, tells the history and restores a deleted QSO', async () => {
    const me = await fetch(`${journey.server.url}/api/vuser`, { headers: { authorization: `Bearer ${session.token}`, 'x-min-position': String(position) } });
    const apiKey = ((await me.json()) as { user: { api_key: string } }).user.api_key;
    const logged = await api<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1ABC', TS: '2025-06-01T18:30:00Z', Freq: 14074, Mode: 'FT8', SNT: '-10', RCV: '-12', Comment: 'tnx <b>fer</b> QSO' } });
    expect(logged.status).toBe(201);
    const id = logged.body.qdo_id;
    expect((await api(`/qso/${id}/recordings`, null, { raw: MP3, query: `?key=${apiKey}`, headers: { 'content-type': 'audio/mpeg' } })).status).toBe(201);
    expect((await api(`/qso/${id}/sstv`, null, { raw: PNG, headers: { 'x-api-key': apiKey, 'content-type': 'image/png' } })).status).toBe(201);
    await settle();

    const { page, dialogs } = await signedInPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${journey.server.url}/qso/${id}`);
    await page.getByRole('heading', { level: 1, name: 'DL1ABC at 2025-06-01 18:30 UTC' }).waitFor();
    expect(await page.title()).toBe('DL1ABC at 2025-06-01 18:30 UTC · HamLog');

    // The recording plays from /media, in a real audio element.
    const audio = page.getByLabel('Recording 1');
    expect(await audio.evaluate((el) => el.tagName)).toBe('AUDIO');
    expect(await audio.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);

    // The QSL card: focus it, Enter opens the lightbox with the rendered card, Escape closes it and focus comes back.
    const card = page.getByRole('button', { name: 'Open QSL card' });
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'QSL card' });
    await dialog.waitFor();
    const big = dialog.getByRole('img');
    await expect.poll(() => big.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1200);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await card.evaluate((el) => el === document.activeElement)).toBe(true);
    // And the close button, reached with Tab-less focus on open.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await page.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The SSTV image opens large too.
    await page.getByRole('button', { name: 'Open SSTV image 1' }).click();
    await page.getByRole('dialog', { name: 'SSTV image 1' }).waitFor();
    await page.keyboard.press('Escape');

    // Nothing on the page is wider than a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // An edit through the API shows in the owner's history.
    expect((await api('/vqso/update', { qdo_id: id, Freq: 14076 })).status).toBe(200);
    await settle();
    await page.reload();
    await page.getByText('Freq 14.074000 → 14.076000').waitFor();
    await page.getByText('Recording attached').waitFor();

    // Deleted: a visitor gets the specification's error; the owner finds it under Deleted QSOs and restores it.
    expect((await api('/vqso/nuke', { qdo_id: id })).status).toBe(200);
    await settle();
    const visitor = await journey.browser.newPage();
    let nativeDialogs = 0;
    visitor.on('dialog', (d) => {
      nativeDialogs += 1;
      void d.dismiss();
    });
    await visitor.goto(`${journey.server.url}/qso/${id}`);
    await visitor.getByRole('alert').filter({ hasText: 'Error loading QSO' }).waitFor();
    expect(nativeDialogs).toBe(0);

    await page.goto(`${journey.server.url}/logs`);
    await page.getByRole('link', { name: 'Deleted QSOs' }).click();
    await page.waitForURL(/\/logs\/deleted$/);
    const row = page.getByRole('row', { name: /DL1ABC/ });
    await row.getByRole('link', { name: '2025-06-01 18:30' }).click();
    await page.getByText('This QSO was deleted').waitFor();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Open QSL card' }).waitFor();
    expect(await page.getByText('This QSO was deleted').count()).toBe(0);
    await page.getByText('Restored', { exact: true }).waitFor();
    expect(dialogs).toEqual([]);

    // The visitor sees it again.
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'DL1ABC at 2025-06-01 18:30 UTC' }).waitFor();
  });
});
