import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { logThroughApi, registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();

const PHONE = { width: 375, height: 812 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const DARK_BG = 'rgb(15, 20, 26)';
const LIGHT_BG = 'rgb(246, 247, 249)';

const bodyBackground = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor');

// Run in the page (strings: this project type-checks tests without the DOM library).
/** The search box's room for text, and the width its placeholder needs in its font. */
const PLACEHOLDER_ROOM = `(() => {
  const input = document.querySelector('header input[type=search]');
  const style = getComputedStyle(input);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.fontSize + ' ' + style.fontFamily;
  const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return { inner, needed: ctx.measureText(input.placeholder).width };
})()`;
/** Each checkbox in the page's main part: its box and its label text's first line. */
const CHECKBOX_BOXES = `Array.from(document.querySelectorAll('main input[type=checkbox]'), (input) => {
  const label = input.labels && input.labels[0];
  const text = (label && label.querySelector('span')) || label || input;
  const range = document.createRange();
  range.selectNodeContents(text);
  const box = input.getBoundingClientRect();
  const line = range.getClientRects()[0] || box;
  return { name: text.textContent || '(no label)', box: box.toJSON(), line: line.toJSON() };
})`;

interface Rect { x: number; y: number; width: number; height: number }

describe.skipIf(!canRun)('theme and phone layout in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${journey.server.url}${path}`;
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  async function newPage(options: Parameters<typeof journey.browser.newContext>[0]): Promise<Page> {
    const context = await journey.browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  }

  it('follows the system colour scheme until a visitor picks Light or Dark in the header, remembered before the first paint', async () => {
    const page = await newPage({ viewport: DESKTOP, colorScheme: 'dark' });
    await page.goto(url('/'));
    const theme = page.getByRole('combobox', { name: 'Theme' });
    expect(await theme.inputValue()).toBe('system');
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await bodyBackground(page)).toBe(LIGHT_BG);

    await theme.selectOption('dark');
    expect(await bodyBackground(page)).toBe(DARK_BG);
    expect(await page.evaluate('localStorage.getItem("theme")')).toBe('dark');

    // The choice applies before the app's scripts run: with them blocked, the page is already dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BG);
    await page.unroute('**/assets/*.js');

    await page.reload();
    await theme.selectOption('system');
    expect(await page.evaluate('localStorage.getItem("theme")')).toBeNull();
    expect(await bodyBackground(page)).toBe(LIGHT_BG);
  }, 60_000);

  it('at 375 px the header keeps a usable search with a readable placeholder, and the logo link has a name', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(url('/'));
    const search = page.getByRole('searchbox', { name: 'Find a station' });
    await search.waitFor();
    const fits = (await page.evaluate(PLACEHOLDER_ROOM)) as { inner: number; needed: number };
    expect(fits.inner, 'the placeholder fits').toBeGreaterThanOrEqual(fits.needed);
    expect(fits.inner).toBeGreaterThanOrEqual(150);
    await page.getByRole('link', { name: 'HamLog', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Theme' }).waitFor();
  }, 60_000);

  it('on a phone the logbook is a list of readable cards: time, call, band, mode, RST, name and country', async () => {
    const station = await registerStation(journey.server.url, 'L');
    await logThroughApi(journey.server.url, station, { Call: 'W1AW', TS: '2025-01-02T03:04:00Z', Freq: 14025, Mode: 'CW', SNT: '599', RCV: '579', Name: 'Hiram' });
    const page = await newPage({ viewport: PHONE });
    await signIn(page, journey.server.url, station);
    await page.goto(url('/logs'));
    const card = page.getByRole('list', { name: 'QSOs' }).getByRole('listitem');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    for (const part of ['2025-01-02 03:04', 'W1AW', '20m', 'CW', '599/579', 'Hiram', 'United States']) expect(text).toContain(part);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await card.getByRole('link', { name: 'Edit W1AW' }).waitFor();
    await card.getByRole('link', { name: 'Details of W1AW' }).waitFor();

    // On a desktop it stays the table.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('region', { name: 'Logbook table' }).waitFor();
  }, 60_000);

  it("settings' checkboxes are checkbox-sized and sit on their label's line, on a desktop and a phone", async () => {
    const station = await registerStation(journey.server.url, 'C');
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage({ viewport });
      await signIn(page, journey.server.url, station);
      await page.goto(url('/profile'));
      await page.getByRole('checkbox').first().waitFor();
      const boxes = (await page.evaluate(CHECKBOX_BOXES)) as { name: string; box: Rect; line: Rect }[];
      expect(boxes.length).toBeGreaterThanOrEqual(6);
      for (const { name, box, line } of boxes) {
        expect(box.width, `${name}: width`).toBeLessThanOrEqual(24);
        expect(box.height, `${name}: height`).toBeLessThanOrEqual(24);
        // Vertically centred on the label's first line, just left of it.
        expect(Math.abs(box.y + box.height / 2 - (line.y + line.height / 2)), `${name}: aligned`).toBeLessThanOrEqual(4);
        expect(line.x - (box.x + box.width), `${name}: beside`).toBeGreaterThanOrEqual(0);
        expect(line.x - (box.x + box.width), `${name}: beside`).toBeLessThanOrEqual(16);
      }
    }
  }, 60_000);
});
