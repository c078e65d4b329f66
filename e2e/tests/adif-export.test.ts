/**
 * Export a range and download it: a station with QSOs in and around January 2024 asks for the
 * January export on /import-export (keyboard only, on a 375 px phone in dark mode), sees the job
 * listed and highlighted, waits for it to complete (the page polls), and downloads the file by a
 * signed link the browser follows (never fetched into the page); the file read back holds exactly
 * the January QSOs. The form shows the specification's messages.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { EXPORT_DATES_REQUIRED, EXPORT_START_AFTER_END, readAdif } from '@hamlog/domain';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { elementsPastRightEdge, horizontalOverflow, logbookWith, logThroughApi, registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();
const PHONE = { width: 375, height: 812 } as const;

describe.skipIf(!canRun)('ADIF export in Chromium: export a range and download it', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('exports January by keyboard on a phone in dark mode, then downloads the file', async () => {
    const base = journey.server.url;
    const station = await registerStation(base, 'X');
    for (const [call, ts] of [
      ['DL1ABC', '2024-01-05T10:00:00Z'],
      ['G4XYZ', '2024-01-31T23:59:00Z'],
      ['JA1ABC', '2024-02-01T00:00:00Z'],
      ['F5ABC', '2023-12-31T23:59:00Z'],
    ] as const) {
      await logThroughApi(base, station, { Call: call, TS: ts, Freq: 14074, Mode: 'FT8' });
    }
    expect(await logbookWith(base, station, 4)).toHaveLength(4);

    const context = await journey.browser.newContext({ viewport: PHONE, colorScheme: 'dark', acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, base, station);
    await page.goto(`${base}/import-export`);
    const form = page.getByRole('form', { name: 'Export by date', exact: true });
    await page.getByText('No export files to display').waitFor();

    // The specification's messages, in the page.
    await form.getByRole('button', { name: 'Export' }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe(EXPORT_DATES_REQUIRED);
    await form.getByLabel('Start date').fill('2024-02-01');
    await form.getByLabel('End date').fill('2024-01-01');
    await form.getByRole('button', { name: 'Export' }).click();
    await expect(form.getByRole('alert').textContent()).resolves.toBe(EXPORT_START_AFTER_END);

    // By keyboard: type the dates, Tab on to the button (through the date field's day, month and year), Enter.
    await form.getByLabel('Start date').fill('2024-01-01');
    await form.getByLabel('End date').fill('2024-01-31');
    await form.getByLabel('End date').focus();
    const focused = () => page.evaluate<string>('document.activeElement ? document.activeElement.tagName + " " + document.activeElement.textContent : ""');
    for (let i = 0; i < 4 && (await focused()) !== 'BUTTON Export'; i += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe('BUTTON Export');
    await page.keyboard.press('Enter');
    const fileName = `${station.callsign}_20240101_20240131.adi`;
    await page.getByText(`Export started: ${fileName}`).waitFor();
    const item = page.locator('.export-job', { hasText: fileName });
    await item.waitFor();
    expect(await item.getAttribute('class')).toContain('export-job-recent');

    // Completed on the next poll (every 10 s while a job is pending): the name becomes a download link.
    const link = item.getByRole('link', { name: `${fileName} (download)` });
    await link.waitFor({ timeout: 25_000 });
    await expect(item.textContent()).resolves.toContain('Completed · 2 QSOs');
    expect(await horizontalOverflow(page), await elementsPastRightEdge(page)).toBe(0);
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(15, 20, 26)');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/import-export (dark, 375 px)', violations)).toEqual([]);

    // The file is not fetched into the page: the page asks for a signed link, and the browser downloads that to disk.
    const fetchedByPage: string[] = [];
    page.on('request', (request) => {
      if (['fetch', 'xhr'].includes(request.resourceType()) && request.url().includes('/download')) fetchedByPage.push(request.url());
    });
    await link.focus();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    expect(download.url()).toMatch(/\/api\/vexportjobs\/[^/?]+\/download\?exp=\d+&sig=[\w-]+$/);
    expect(fetchedByPage).toEqual([]);
    const text = await readFile((await download.path())!, 'utf8');
    const read = readAdif(text);
    expect(read.problems).toEqual([]);
    expect(read.records.map((r) => [r.fields.CALL, r.fields.QSO_DATE, r.fields.STATION_CALLSIGN])).toEqual([
      ['DL1ABC', '20240105', station.callsign],
      ['G4XYZ', '20240131', station.callsign],
    ]);
  }, 90_000);
});
