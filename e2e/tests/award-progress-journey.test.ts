/**
 * The award tracker in Chromium: a station imports its real log (N3FJP's export of K9CTS) and sees
 * DXCC worked; counting LoTW alone, nothing is confirmed until it imports its LoTW report, then the
 * entities are confirmed by LoTW; the VUCC map draws the grid squares of its 6 m and 2 m contacts;
 * an edit that moves a contact to another band moves the credit in the grid. Checked at desktop and
 * phone widths, light and dark, with axe-core.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { elementsPastRightEdge, horizontalOverflow, importAdifFile, logThroughApi, registerStation, signedInPages, type Station } from '../src/logger-journey';

const canRun = browserAvailable();
const DESKTOP = { width: 1280, height: 900 } as const;
const PHONE = { width: 375, height: 812 } as const;
const FIXTURES = join(import.meta.dirname, '..', '..', 'domain', 'test', 'fixtures', 'adif');

describe.skipIf(!canRun)('award progress in Chromium: a real log, a LoTW report, the VUCC map, an edit that moves a credit', () => {
  const journey = startJourney();
  const pages = signedInPages(journey);
  let station: Station;
  afterAll(() => pages.close());

  const signedInPage = (options: BrowserContextOptions) => pages.open(station, options);
  const importFile = async (page: Page, name: string) => importAdifFile(page, journey.server.url, name, await readFile(join(FIXTURES, name)));

  /** The award page's summary: "N confirmed of ..." and "M worked". */
  async function counts(page: Page, award: string): Promise<{ confirmed: number; worked: number }> {
    const summary = page.getByRole('region', { name: `${award} progress` });
    await summary.getByText(/worked$/).first().waitFor();
    const text = (await summary.textContent()) ?? '';
    return { confirmed: Number(/([\d,]+)\s*confirmed/.exec(text)?.[1]?.replace(',', '')), worked: Number(/([\d,]+)\s*worked/.exec(text)?.[1]?.replace(',', '')) };
  }

  /** Each band column's state for one row of the grid, by the row's label. */
  async function rowStates(page: Page, label: string): Promise<Record<string, string>> {
    const grid = page.getByRole('region', { name: /grid$/ });
    await grid.locator('.ap-row-label', { hasText: label }).first().waitFor();
    return grid.evaluate((region, wanted) => {
      const bands = [...region.querySelectorAll('thead th.ap-col:not(.ap-col-all) .ap-col-band')].map((th) => th.textContent ?? '');
      const row = [...region.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('.ap-row-label')?.textContent === wanted);
      // The first cell is the value's state on all bands.
      const cells = [...(row?.querySelectorAll('td.ap-cell') ?? [])].slice(1).map((td) => /ap-state-(\w+)/.exec(td.className)?.[1] ?? '');
      return Object.fromEntries(bands.map((band, i) => [band, cells[i] ?? '']));
    }, label);
  }

  it('imports a real log and sees DXCC worked; counting LoTW alone, its LoTW report confirms the entities', async () => {
    const base = journey.server.url;
    station = await registerStation(base, 'K');
    const page = await signedInPage({ viewport: DESKTOP });
    await importFile(page, 'N3FJP-AClogAdif.adi');

    await page.goto(`${base}/awards`);
    const dxccCard = page.getByRole('article', { name: 'DXCC', exact: true });
    await dxccCard.getByText('20 worked', { exact: true }).first().waitFor();
    // The log's own QSL cards confirm every entity by the desk's rules.
    await dxccCard.getByText(/^20\s*confirmed of 100/).waitFor();

    await dxccCard.getByRole('link', { name: 'DXCC' }).click();
    await page.waitForURL(`${base}/awards/DXCC`);
    expect(await counts(page, 'DXCC')).toEqual({ confirmed: 20, worked: 20 });
    await page.getByRole('checkbox', { name: 'Paper card' }).uncheck();
    await expect.poll(() => counts(page, 'DXCC'), { timeout: 10_000 }).toEqual({ confirmed: 0, worked: 20 });
    // The needed list names what could confirm each QSO.
    await page.getByRole('link', { name: 'Needed' }).click();
    await page.getByText(/Not uploaded to LoTW yet/).first().waitFor();
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/awards/DXCC needed (desktop)', violations)).toEqual([]);

    await importFile(page, 'lotwreport.adi');
    // The choice of sources is remembered: LoTW alone, and now LoTW confirms them.
    await page.goto(`${base}/awards/DXCC`);
    await expect.poll(() => counts(page, 'DXCC'), { timeout: 10_000 }).toEqual({ confirmed: 20, worked: 20 });
    expect(await page.getByRole('checkbox', { name: 'Paper card' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Confirmed', exact: true }).click();
    await page.waitForURL(/status=confirmed/);
    // The confirmed entities only: 20 rows.
    await expect.poll(() => page.locator('.ap-grid tbody tr').count(), { timeout: 15_000 }).toBe(20);
    await page.locator('details.ap-why summary').first().click();
    await page.getByText(/^Confirmed by LoTW \(\d+\)\.$/).first().waitFor();
  }, 180_000);

  it('draws the VUCC grid-square map of 6 m and 2 m contacts, on a phone in dark mode', async () => {
    const base = journey.server.url;
    await logThroughApi(base, station, { TS: '2026-06-20T14:00:00Z', Call: 'W1AW', Freq: '50313', Mode: 'FT8', GridSquare: 'FN31' });
    await logThroughApi(base, station, { TS: '2026-06-20T15:00:00Z', Call: 'K1JT', Freq: '144174', Mode: 'FT8', GridSquare: 'FN20' });
    const page = await signedInPage({ viewport: PHONE, colorScheme: 'dark' });
    await page.goto(`${base}/awards/VUCC?view=map`);
    const map = page.getByRole('img', { name: /VUCC grid squares: 2 worked/ });
    await map.waitFor();
    const squares = await map.locator('rect[data-locator]').evaluateAll((rects) => rects.map((r) => `${r.getAttribute('data-locator')}:${r.getAttribute('data-state')}`).sort());
    expect(squares).toEqual(['FN20:worked', 'FN31:worked']);
    expect(await horizontalOverflow(page), await elementsPastRightEdge(page)).toBe(0);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/awards/VUCC map (dark, 375 px)', violations)).toEqual([]);
  }, 120_000);

  it('an edit that moves a contact to another band moves its credit in the grid', async () => {
    const base = journey.server.url;
    const { qdo_id } = await logThroughApi(base, station, { TS: '2026-06-21T10:00:00Z', Call: 'VP8LP', Freq: '14074', Mode: 'FT8' });
    const page = await signedInPage({ viewport: DESKTOP, colorScheme: 'dark' });
    await page.goto(`${base}/awards/DXCC?q=Falkland`);
    const before = await rowStates(page, 'Falkland Islands');
    expect(before['20m']).toBe('worked');
    expect(before['40m']).toBe('needed');

    await page.goto(`${base}/qso/${qdo_id}/edit`);
    const form = page.getByRole('form', { name: 'Edit all fields' });
    await form.getByLabel('Freq (MHz)', { exact: true }).fill('7.074');
    await form.getByLabel('Freq (MHz)', { exact: true }).press('Enter');
    await page.waitForURL(/\/qso\/[^/]+$/);

    await page.goto(`${base}/awards/DXCC?q=Falkland`);
    await expect.poll(() => rowStates(page, 'Falkland Islands'), { timeout: 10_000 }).toMatchObject({ '20m': 'needed', '40m': 'worked' });
    expect(await horizontalOverflow(page), await elementsPastRightEdge(page)).toBe(0);
  }, 120_000);
});
