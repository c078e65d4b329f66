import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { logThroughApi, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1280, height: 900 } as const;

// Run in the page (strings: this project type-checks tests without the DOM library).
/** Each chart canvas: its size on the page and whether chart.js drew anything on it. */
const CANVASES = `Array.from(document.querySelectorAll('.stats-page canvas'), (canvas) => {
  const ctx = canvas.getContext('2d');
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted += 1;
  return { label: canvas.getAttribute('aria-label'), width: canvas.clientWidth, height: canvas.clientHeight, painted };
})`;

/** How many pixels of the named chart's canvas are exactly the colour `rgb` (the inside of its bars). */
const pixelsOf = (chart: string, rgb: [number, number, number]) => `(() => {
  const canvas = Array.from(document.querySelectorAll('.stats-page canvas')).find((c) => c.getAttribute('aria-label').startsWith(${JSON.stringify(chart)}));
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === ${rgb[0]} && data[i + 1] === ${rgb[1]} && data[i + 2] === ${rgb[2]} && data[i + 3] === 255) n += 1;
  return n;
})()`;
const LIGHT_ACCENT: [number, number, number] = [29, 78, 216];
const DARK_ACCENT: [number, number, number] = [126, 167, 255];

interface Canvas {
  label: string;
  width: number;
  height: number;
  painted: number;
}

describe.skipIf(!canRun)('statistics page (/stats) in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  let station: Station;

  async function newPage(options: Parameters<typeof journey.browser.newContext>[0]): Promise<Page> {
    const context = await journey.browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, journey.server.url, station);
    return page;
  }

  /** axe-core finds nothing serious or critical on the page as it is now. */
  async function expectAccessible(page: Page, where: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(describeViolations(where, violations)).toBe('');
  }

  /** The page once its counters show `total` QSOs (they follow the stream within moments). */
  async function statsShowing(page: Page, total: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto(`${journey.server.url}/stats`);
      await page.locator('.stats-highlights, .empty').first().waitFor();
      const text = (await page.locator('.stats-highlights').textContent().catch(() => null)) ?? '';
      if (text.includes(`QSOs${total}`) || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    station = await registerStation(journey.server.url, 'S');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('says there is nothing to count before the first QSO', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${journey.server.url}/stats`);
    await page.getByText('No QSOs in your log yet', { exact: false }).waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    await expectAccessible(page, 'empty log');
  }, 60_000);

  it('draws every chart from QSOs logged through the API, each with its numbers in words and as a table', async () => {
    await logThroughApi(journey.server.url, station, { Call: 'DL1ABC', TS: '2023-03-04T05:06:07Z', Freq: 7010, Mode: 'CW' });
    await logThroughApi(journey.server.url, station, { Call: 'JA1XYZ', TS: '2024-07-08T13:00:00Z', Freq: 14074, Mode: 'FT8' });
    await logThroughApi(journey.server.url, station, { Call: 'JA2ABC', TS: '2024-07-08T13:30:00Z', Freq: 14074, Mode: 'FT8' });
    await logThroughApi(journey.server.url, station, { Call: 'W1AW', TS: '2024-07-09T22:15:00Z', Freq: 21074, Mode: 'FT4' });

    // Reduced motion: the charts draw at once, without their entry animation.
    const page = await newPage({ viewport: DESKTOP, reducedMotion: 'reduce' });
    await statsShowing(page, 4);
    const highlights = await page.locator('.stats-highlights').textContent();
    expect(highlights).toContain('QSOs4');
    expect(highlights).toContain('DXCC entities3');
    expect(highlights).toContain('Years2023–2024');

    // Every chart is a canvas chart.js painted, readable as an image with its numbers.
    const labelled = (name: string) => page.getByRole('img', { name, exact: false });
    await labelled('QSOs per band: 40m 1, 20m 2, 15m 1.').waitFor();
    await page.waitForFunction(`document.querySelectorAll('.stats-page canvas').length === 6`);
    const canvases = (await page.evaluate(CANVASES)) as Canvas[];
    expect(canvases.map((c) => c.label.split(':')[0])).toEqual([
      'QSOs per band',
      'QSOs per mode',
      'QSOs per continent',
      'QSOs per year',
      'Activity by hour (UTC)',
      'DXCC entities per band',
    ]);
    for (const c of canvases) {
      expect(c.width, c.label).toBeGreaterThan(200);
      expect(c.height, c.label).toBeGreaterThan(150);
      expect(c.painted, c.label).toBeGreaterThan(500);
    }
    expect(await page.evaluate(pixelsOf('QSOs per band', LIGHT_ACCENT))).toBeGreaterThan(500);
    expect(canvases.find((c) => c.label.startsWith('QSOs per mode'))!.label).toBe('QSOs per mode: FT8 2, CW 1, FT4 1.');
    expect(canvases.find((c) => c.label.startsWith('QSOs per continent'))!.label).toContain('Asia 2, Europe 1, North America 1');
    expect(canvases.find((c) => c.label.startsWith('QSOs per year'))!.label).toBe('QSOs per year: 2023 1, 2024 3.');
    expect(canvases.find((c) => c.label.startsWith('Activity by hour'))!.label).toContain('05:00 1, 06:00 0');
    expect(canvases.find((c) => c.label.startsWith('Activity by hour'))!.label).toContain('13:00 2');

    // The table behind a chart.
    const hours = page.getByRole('region', { name: 'Activity by hour (UTC)', exact: true });
    await hours.getByRole('button', { name: 'Show table' }).click();
    expect(await hours.getByRole('row', { name: /^13:00/ }).textContent()).toBe('13:002');
    expect(await hours.getByRole('row', { name: /^22:00/ }).textContent()).toBe('22:001');
    expect(await hours.locator('canvas').count()).toBe(0);

    // The DXCC table: entities by band, with the totals per band.
    const dxcc = page.getByRole('region', { name: 'DXCC entities by band', exact: true });
    expect(await dxcc.getByRole('row', { name: /^Japan/ }).textContent()).toBe('Japan22');
    expect(await dxcc.locator('tfoot tr').textContent()).toBe('Entities worked1113');
    await expectAccessible(page, 'light, desktop, a table shown');
  }, 90_000);

  it('draws in the dark theme\'s colours, and redraws when the theme is switched', async () => {
    const page = await newPage({ viewport: DESKTOP, colorScheme: 'dark', reducedMotion: 'reduce' });
    await statsShowing(page, 4);
    await page.waitForFunction(`document.querySelectorAll('.stats-page canvas').length === 6`);
    // The bars are drawn in the dark theme's accent (--accent, #7ea7ff), not the light one.
    expect(await page.evaluate(pixelsOf('QSOs per band', DARK_ACCENT))).toBeGreaterThan(500);
    expect(await page.evaluate(pixelsOf('QSOs per band', LIGHT_ACCENT))).toBe(0);
    await expectAccessible(page, 'dark, desktop');

    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    await expect.poll(() => page.evaluate(pixelsOf('QSOs per band', LIGHT_ACCENT)), { timeout: 5_000 }).toBeGreaterThan(500);
    expect(await page.evaluate(pixelsOf('QSOs per band', DARK_ACCENT))).toBe(0);
  }, 60_000);

  it('fits a 375 px phone: no sideways scrolling of the page, charts as wide as the screen allows', async () => {
    const page = await newPage({ viewport: PHONE });
    await statsShowing(page, 4);
    await page.waitForFunction(`document.querySelectorAll('.stats-page canvas').length === 6`);
    const widths = (await page.evaluate(`({ page: document.documentElement.scrollWidth, view: window.innerWidth })`)) as { page: number; view: number };
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    const canvases = (await page.evaluate(CANVASES)) as Canvas[];
    for (const c of canvases) expect(c.width, c.label).toBeGreaterThan(250);
    await expectAccessible(page, 'light, 375 px');
  }, 60_000);

  it('is reached from the logbook page and from the own profile page', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${journey.server.url}/logs`);
    await page.getByRole('link', { name: 'Statistics' }).click();
    await page.waitForURL('**/stats');
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();

    await page.goto(`${journey.server.url}/${station.callsign}`);
    await page.getByRole('link', { name: 'My statistics' }).click();
    await page.waitForURL('**/stats');
    await page.locator('.stats-highlights').waitFor();
  }, 60_000);
});
