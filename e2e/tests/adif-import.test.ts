/**
 * Import a real file and find its QSOs: a station chooses the ADIF working group's test file
 * (6,191 QSOs of every band, mode and odd field) on /import-export, on a 375 px phone in dark
 * mode, and starts the import from the keyboard; the upload, slowed to a home line's pace, shows
 * a progress bar that moves; the report says what was imported; the logbook then holds every QSO,
 * the newest first. The same file again: every record a duplicate.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { adifImportReport, adifRecordToQso, readAdif } from '@hamlog/domain';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { elementsPastRightEdge, horizontalOverflow, logbookWith, registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();
const PHONE = { width: 375, height: 812 } as const;
const FILE = join(import.meta.dirname, '..', '..', 'domain', 'test', 'fixtures', 'adif', 'ADIF_316_test_QSOs_2025_08_27.adi');

describe.skipIf(!canRun)('ADIF import in Chromium: a real file with its progress bar, then its QSOs in the logbook', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('imports the ADIF test file by keyboard on a phone in dark mode and finds every QSO in /logs', async () => {
    const base = journey.server.url;
    const bytes = await readFile(FILE);
    const contacts = readAdif(bytes).records.map((r) => adifRecordToQso(r, new Date()));
    const total = contacts.length;
    expect(total).toBe(6_191);
    const fields = contacts.flatMap((c) => (c.ok ? [c.fields] : []));
    const latest = Math.max(...fields.map((f) => Date.parse(f.ts)));
    const newestCalls = fields.filter((f) => Date.parse(f.ts) === latest).map((f) => f.call);

    const station = await registerStation(base, 'I');
    const context = await journey.browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, base, station);
    await page.goto(`${base}/import-export`);
    const panel = page.getByRole('region', { name: 'Import an ADIF file' });
    await panel.getByLabel('ADIF file', { exact: true }).setInputFiles(FILE);

    // A home line's upload (about 200 kB/s): the bar has time to move.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });

    // From the keyboard: the file field, Tab to the button, Enter.
    await panel.getByLabel('ADIF file', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement ? document.activeElement.textContent : ""')).toBe('Import');
    await page.keyboard.press('Enter');

    const bar = panel.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    const seen = new Set<number>();
    for (let i = 0; i < 200 && (await bar.count()) > 0; i += 1) {
      const value = Number(await bar.getAttribute('value').catch(() => null));
      if (Number.isFinite(value)) seen.add(value);
      await page.waitForTimeout(25);
    }
    const moving = [...seen].filter((v) => v > 0 && v < 100);
    expect(moving.length, `upload progress values seen: ${[...seen].join(', ')}`).toBeGreaterThan(1);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const report = panel.getByText(adifImportReport(total, 0, 0));
    await report.waitFor({ timeout: 60_000 });
    const counts = panel.getByLabel('Import report');
    await expect(counts.textContent()).resolves.toContain('Imported6,191');
    expect(await horizontalOverflow(page), await elementsPastRightEdge(page)).toBe(0);
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(15, 20, 26)');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/import-export with an import report (dark, 375 px)', violations)).toEqual([]);

    // To the logbook: every QSO there, the newest of the file first.
    const link = panel.getByRole('link', { name: 'Open your logbook' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/logs`);
    await page.getByText(`(${total} Qs)`).first().waitFor({ timeout: 15_000 });
    const cards = page.getByRole('list', { name: 'QSOs' });
    const firstCard = (await cards.getByRole('listitem').first().textContent()) ?? '';
    expect(newestCalls.some((call) => firstCard.includes(call)), `${firstCard} is not one of ${newestCalls.join(', ')}`).toBe(true);
    expect(await logbookWith(base, station, 500)).toHaveLength(500);

    // The same file again: nothing new, and the page says so.
    await page.goto(`${base}/import-export`);
    await panel.getByLabel('ADIF file', { exact: true }).setInputFiles(FILE);
    await panel.getByRole('button', { name: 'Import' }).click();
    await panel.getByText(adifImportReport(0, total, 0)).waitFor({ timeout: 60_000 });
  }, 180_000);
});
