/**
 * Logging a contest in Chromium (issue 23): an organiser's CQ WPX contest running now; the station
 * picks it in the logger, the exchange boxes appear in the contest's order, the serial counts up,
 * a new multiplier is flagged before Enter and so is a dupe, Enter in the last box logs, and the rate
 * and claimed score follow. The contest's log on the server has the exchange both ways. The logger
 * at 1280 and 375 px, light and dark: no sideways scrolling, nothing serious for axe-core;
 * E2E_SCREENSHOTS=<folder> keeps a screenshot of each.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ContestLogAnswer } from '@hamlog/domain';
import { browserAvailable } from '../src/browser';
import { checkScreen } from '../src/check-screen';
import { startJourney } from '../src/journey';
import { DESKTOP, PHONE, stationPages } from '../src/station-pages';
import { apiPost, registerStation } from '../src/logger-journey';

const canRun = browserAvailable();
const HOUR = 3_600_000;

describe.skipIf(!canRun)("the logger's contest mode in Chromium", () => {
  const journey = startJourney();
  const pages = stationPages(journey);
  afterAll(() => pages.closeAll());
  const pageFor = pages.open;

  it('logs a CQ WPX contest: boxes in order, the serial counting up, a new multiplier and a dupe flagged before Enter, the score live', async () => {
    const base = journey.server.url;
    const k = await registerStation(base, 'K');
    const name = `Club WPX ${k.callsign}`;
    const created = await apiPost<{ contest: { id: string } }>(
      base,
      '/vcontest/create',
      { name, starts_at: new Date(Date.now() - HOUR).toISOString(), ends_at: new Date(Date.now() + 47 * HOUR).toISOString(), rules: 'CQ-WPX-CW' },
      k.token,
    );
    const contestId = created.contest.id;

    const page = await pageFor(k, DESKTOP);
    await page.goto(`${base}/logger`);
    const picker = page.getByLabel('Contest mode');
    await expect.poll(() => picker.locator('option').allTextContents(), { timeout: 15_000 }).toContain(name);
    await picker.selectOption({ label: name });
    await page.getByLabel('Mode', { exact: true }).selectOption('CW');
    await page.getByLabel('Freq (MHz)').fill('14.025');

    const sentNr = page.getByLabel('Sent Nr');
    await expect.poll(() => sentNr.inputValue()).toBe('1');
    const labels = () => page.locator('.logger-grid label').allTextContents();
    await expect.poll(async () => (await labels()).slice(0, 5)).toEqual(['Call', 'SNT', 'RCV', 'Nr', 'Name']);

    // The keyboard path: call, then Tab to the received serial (past the reports), Enter logs.
    const call = page.getByPlaceholder('Log a contact');
    await call.fill('JA1ABC');
    await page.getByLabel('Nr', { exact: true }).fill('15');
    const flags = page.getByRole('status', { name: 'Before Enter' });
    await expect.poll(() => flags.getByRole('listitem').allTextContents()).toEqual(['New multiplier: Prefixes JA1', '3 points']);
    await checkScreen(page, 'contest-mode-desktop-light');
    await page.getByLabel('Nr', { exact: true }).press('Enter');
    await page.getByText('Logged JA1ABC.').waitFor();
    await expect.poll(() => sentNr.inputValue()).toBe('2');
    expect(await page.getByLabel('Nr', { exact: true }).inputValue()).toBe('');
    const figures = page.getByLabel('Contest figures');
    await expect.poll(() => figures.innerText()).toMatch(/1 in 10 min · 1 in 60 min[\s\S]*3 = 3 points × 1 multipliers \(1 QSOs\)/);

    // The same station again on the same band: a dupe before Enter.
    await call.fill('JA1ABC');
    await expect.poll(() => flags.getByRole('listitem').allTextContents()).toEqual(['Dupe: Worked before on this band']);

    // The server's contest log holds the exchange both ways.
    const log = await fetch(`${base}/api/vcontest/${contestId}/log`, { headers: { authorization: `Bearer ${k.token}` } });
    const answer = (await log.json()) as ContestLogAnswer;
    expect(answer.qsos.map((q) => [q.call, q.band, q.sent, q.received, q.points, q.new_multipliers])).toEqual([
      ['JA1ABC', '20m', { rst: '599', serial: '1' }, { rst: '599', serial: '15' }, 3, ['Prefixes JA1']],
    ]);

    for (const [screen, viewport, scheme] of [
      ['contest-mode-phone-light', PHONE, 'light'],
      ['contest-mode-phone-dark', PHONE, 'dark'],
      ['contest-mode-desktop-dark', DESKTOP, 'dark'],
    ] as const) {
      const other = await pageFor(k, viewport, scheme);
      // The chosen contest is remembered by the browser, not the account: chosen again here.
      await other.goto(`${base}/logger`);
      await other.getByLabel('Contest mode').selectOption({ label: name });
      await other.getByLabel('Sent Nr').waitFor();
      await expect.poll(() => other.getByLabel('Sent Nr').inputValue()).toBe('2');
      await checkScreen(other, screen);
    }
  }, 120_000);
});
