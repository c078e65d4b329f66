/**
 * A QSO's ADIF details in Chromium: a station imports a file whose QSOs carry confirmation
 * fields, then finds the ones LoTW has not confirmed with the logbook's filters (kept in the
 * URL across a reload); then edits every field of one QSO ('Edit all fields': state, IOTA, LoTW
 * confirmation, notes), sees them on the QSO page, and finds them in its ADIF export.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { readAdif } from '@hamlog/domain';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { elementsPastRightEdge, horizontalOverflow, importAdifFile, logbookWith, registerStation, signedInPages, type Station } from '../src/logger-journey';

const canRun = browserAvailable();
const DESKTOP = { width: 1280, height: 900 } as const;
const PHONE = { width: 375, height: 812 } as const;

const field = (name: string, value: string) => `<${name}:${Buffer.byteLength(value)}>${value}`;
const record = (call: string, day: string, extra: Record<string, string>) =>
  [field('CALL', call), field('QSO_DATE', day), field('TIME_ON', '1200'), field('BAND', '20m'), field('FREQ', '14.074'), field('MODE', 'FT8'), ...Object.entries(extra).map(([k, v]) => field(k, v)), '<EOR>'].join(' ');

/** Five QSOs in March 2025: two confirmed by LoTW, one only sent there, one confirmed by eQSL, one with nothing. */
const ADIF = [
  `Confirmations test file ${field('ADIF_VER', '3.1.6')} ${field('PROGRAMID', 'HamLogE2E')} <EOH>`,
  record('DL1AAA', '20250301', { LOTW_QSL_SENT: 'Y', LOTW_QSLSDATE: '20250302', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20250310' }),
  record('G4BBB', '20250302', { LOTW_QSL_RCVD: 'Y', QSL_RCVD: 'Y', QSLRDATE: '20250320' }),
  record('F5CCC', '20250303', { LOTW_QSL_SENT: 'Y', LOTW_QSLSDATE: '20250304', LOTW_QSL_RCVD: 'N' }),
  record('JA1DDD', '20250304', { EQSL_QSL_RCVD: 'Y' }),
  record('VK2EEE', '20250305', {}),
].join('\n');

const NOT_BY_LOTW = ['F5CCC', 'JA1DDD', 'VK2EEE'];

describe.skipIf(!canRun)('QSO details in Chromium: confirmations filtered in the logbook, every field edited and exported', () => {
  const journey = startJourney();
  const pages = signedInPages(journey);
  let station: Station;
  afterAll(() => pages.close());

  const signedInPage = (options: BrowserContextOptions) => pages.open(station, options);

  /** The calls of the logbook table's rows. */
  const tableCalls = (page: Page) => page.getByRole('region', { name: 'Logbook table' }).locator('td.call').allTextContents();

  it('imports a file with confirmations and filters the QSOs LoTW has not confirmed', async () => {
    const base = journey.server.url;
    station = await registerStation(base, 'Q');
    const page = await signedInPage({ viewport: DESKTOP });

    await importAdifFile(page, base, 'confirmations.adi', Buffer.from(ADIF));
    expect(await logbookWith(base, station, 5)).toHaveLength(5);

    await page.goto(`${base}/logs`);
    await page.getByText('Page 1 of 1 (5 Qs)').first().waitFor();
    const filters = page.getByRole('search', { name: 'Filter the logbook' });
    await filters.getByLabel('Confirmed').selectOption({ label: 'Not confirmed' });
    await filters.getByLabel('Service').selectOption({ label: 'LoTW' });
    await page.waitForURL(`${base}/logs?confirmed=no&service=lotw`);
    await page.getByText('Page 1 of 1 (3 Qs)').first().waitFor();
    expect((await tableCalls(page)).sort()).toEqual(NOT_BY_LOTW);
    // The Confirmed column says who did confirm: eQSL for JA1DDD, nobody for the other two.
    await expect(page.getByRole('row', { name: /JA1DDD/ }).getByTitle('Confirmed by eQSL').textContent()).resolves.toBe('eQSL');

    // A reload (or a shared link) keeps the filters.
    await page.reload();
    await page.getByText('Page 1 of 1 (3 Qs)').first().waitFor();
    expect(await filters.getByLabel('Confirmed').inputValue()).toBe('no');
    expect((await tableCalls(page)).sort()).toEqual(NOT_BY_LOTW);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/logs filtered (1280 px)', violations)).toEqual([]);

    // Confirmed by LoTW, typed filters (a band) applied with Enter; nothing matches on 40m; Clear filters shows all again.
    await filters.getByLabel('Confirmed').selectOption({ label: 'Confirmed' });
    await page.getByText('Page 1 of 1 (2 Qs)').first().waitFor();
    expect((await tableCalls(page)).sort()).toEqual(['DL1AAA', 'G4BBB']);
    await filters.getByLabel('Mode').fill('cw');
    await filters.getByLabel('Mode').press('Enter');
    await page.getByText('No QSOs match these filters.').waitFor();
    await page.locator('.empty').getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${base}/logs`);
    await page.getByText('Page 1 of 1 (5 Qs)').first().waitFor();
  }, 120_000);

  it("edits every field of a QSO with 'Edit all fields', shows them on its page and exports them", async () => {
    const base = journey.server.url;
    const page = await signedInPage({ viewport: PHONE, colorScheme: 'dark', acceptDownloads: true });
    await page.goto(`${base}/logs`);
    await page.getByRole('link', { name: 'Details of VK2EEE' }).click();
    await page.getByRole('heading', { level: 1, name: 'VK2EEE at 2025-03-05 12:00 UTC' }).waitFor();
    // Nothing confirmed yet, no details: no detail sections.
    expect(await page.getByRole('heading', { name: 'Confirmations' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Edit all fields' }).click();
    const form = page.getByRole('form', { name: 'Edit all fields' });
    await form.waitFor();
    await form.getByLabel('State', { exact: true }).fill('MA');
    await form.getByLabel('IOTA', { exact: true }).fill('na-046');
    await form.getByLabel('LoTW confirmed', { exact: true }).selectOption('Y');
    await form.getByLabel('LoTW confirmed on', { exact: true }).fill('2026-11-20');
    await form.getByLabel('Notes', { exact: true }).fill('Worked from the beach\nwith a wire');
    expect(await horizontalOverflow(page), await elementsPastRightEdge(page)).toBe(0);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/qso/{id}/edit (dark, 375 px)', violations)).toEqual([]);
    // Enter in a one-line field saves; the form returns to the QSO page.
    await form.getByLabel('IOTA', { exact: true }).press('Enter');
    await page.waitForURL(/\/qso\/[^/]+$/);

    const row = (section: string, label: string) =>
      page.getByRole('region', { name: section }).getByRole('row', { name: label, exact: false }).getByRole('cell').textContent();
    await page.getByRole('heading', { name: 'Confirmations' }).waitFor();
    await expect(row('Confirmations', 'LoTW')).resolves.toBe('Confirmed 2026-11-20');
    await expect(row('Location and references', 'State')).resolves.toBe('MA');
    await expect(row('Location and references', 'IOTA')).resolves.toBe('NA-046');
    await expect(row('Contest and notes', 'Notes')).resolves.toBe('Worked from the beach\nwith a wire');
    expect(await horizontalOverflow(page), await elementsPastRightEdge(page)).toBe(0);

    // The export of March 2025 holds them as ADIF.
    await page.goto(`${base}/import-export`);
    const exportForm = page.getByRole('form', { name: 'Export by date', exact: true });
    await exportForm.getByLabel('Start date').fill('2025-03-01');
    await exportForm.getByLabel('End date').fill('2025-03-31');
    await exportForm.getByRole('button', { name: 'Export' }).click();
    const fileName = `${station.callsign}_20250301_20250331.adi`;
    const link = page.locator('.export-job', { hasText: fileName }).getByRole('link', { name: `${fileName} (download)` });
    await link.waitFor({ timeout: 25_000 });
    const downloading = page.waitForEvent('download');
    await link.click();
    const text = await readFile((await (await downloading).path())!, 'utf8');
    const read = readAdif(text);
    expect(read.problems).toEqual([]);
    const edited = read.records.find((r) => r.fields.CALL === 'VK2EEE')?.fields;
    expect(edited).toMatchObject({ STATE: 'MA', IOTA: 'NA-046', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120', NOTES: 'Worked from the beach\nwith a wire' });
    expect(read.records.find((r) => r.fields.CALL === 'DL1AAA')?.fields).toMatchObject({ LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20250310' });
  }, 120_000);
});
