/**
 * A contest scored by real rules in Chromium: two stations log CQ WW DX CW 2026 contacts (one of
 * them missing from the other's log); the contest's page shows every station's claimed and checked
 * score with what the check left out, the station's own log with each contact's points and new
 * multipliers, follows a change of category, and downloads the Cabrillo file. The page at 1280 and
 * 375 px, light and dark: no sideways scrolling, nothing serious for axe-core;
 * E2E_SCREENSHOTS=<folder> keeps a screenshot of each.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readCabrillo } from '@hamlog/domain';
import { browserAvailable } from '../src/browser';
import { checkScreen } from '../src/check-screen';
import { startJourney } from '../src/journey';
import { DESKTOP, PHONE, stationPages } from '../src/station-pages';
import { logThroughApi, registerStation } from '../src/logger-journey';

const canRun = browserAvailable();
const CONTEST_PAGE = '/contests/cq-ww-dx-cw-2026';

describe.skipIf(!canRun)('a contest of real rules: the checked board and the own log in Chromium', () => {
  const journey = startJourney();
  const pages = stationPages(journey);
  afterAll(() => pages.closeAll());
  const pageFor = pages.open;


  it('shows claimed and checked scores, the own log scored contact by contact, and downloads its Cabrillo', async () => {
    const base = journey.server.url;
    const dl = await registerStation(base, 'DL');
    const k = await registerStation(base, 'K');
    // DL works K on 20 m (both logs have it) and on 40 m (K's log does not: not in log); K works DL on 20 m.
    await logThroughApi(base, dl, { Call: k.callsign, TS: '2026-11-28T00:10:00Z', Freq: 14025, Mode: 'CW', SNT: '599', RCV: '599', cq_zone: 5 });
    await logThroughApi(base, dl, { Call: k.callsign, TS: '2026-11-28T00:30:00Z', Freq: 7025, Mode: 'CW', SNT: '599', RCV: '599', cq_zone: 5 });
    await logThroughApi(base, k, { Call: dl.callsign, TS: '2026-11-28T00:11:00Z', Freq: 14025, Mode: 'CW', SNT: '599', RCV: '599', cq_zone: 14 });

    const page = await pageFor(k, DESKTOP);
    await page.goto(`${base}${CONTEST_PAGE}`);
    const board = page.getByRole('table', { name: 'CQ World Wide DX Contest CW 2026: claimed and checked scores' });
    await expect.poll(() => board.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    const rowOf = (call: string) => board.getByRole('row').filter({ has: page.getByRole('link', { name: call, exact: true }) });
    // DL: two contacts of 3 points claimed (zone 5 and the USA on 20 m and on 40 m: 4 multipliers); checked: the 20 m one (2).
    // Equal checked scores rank by the claimed one.
    await expect.poll(() => rowOf(dl.callsign).getByRole('cell').allTextContents()).toEqual(['1', dl.callsign, '6', '24', '1 / 2', '2', '1 not in log', '0', '0 / 0']);
    await expect.poll(() => rowOf(k.callsign).getByRole('cell').allTextContents()).toEqual(['2', k.callsign, '6', '6', '1', '2', '–', '0', '0 / 0']);
    // Each row's rate graph: its claimed contacts per hour of the contest (which runs as long as the test's clock says).
    await expect.poll(() => rowOf(dl.callsign).getByRole('img').getAttribute('aria-label')).toMatch(new RegExp(`^${dl.callsign}: 2 QSOs in \\d+ hours?, at most \\d in one hour`));

    const own = page.getByRole('region', { name: 'Your log by CQ World Wide DX Contest CW rules' });
    await expect.poll(() => own.getByText(/^Claimed score/).textContent()).toBe('Claimed score 6: 1 QSOs, 3 points × 2 multipliers (Zones 1, Countries 1).');
    await expect.poll(() => own.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['2026-11-28 00:11', '20m', 'CW', dl.callsign, '599', '599 14', '3', 'New: Zones 14 (20m), Countries Fed. Rep. of Germany (20m)', 'OK']);
    await checkScreen(page, 'contest-board-desktop-light');

    await own.getByLabel('Power').selectOption('LOW');
    await expect.poll(() => own.getByLabel('Power').inputValue()).toBe('LOW');
    const [download] = await Promise.all([page.waitForEvent('download'), own.getByRole('button', { name: 'Download Cabrillo' }).click()]);
    expect(download.suggestedFilename()).toBe(`${k.callsign}-CQ-WW-CW-2026.log`);
    const { log, problems } = readCabrillo(readFileSync((await download.path())!, 'utf8'));
    expect(problems).toEqual([]);
    expect(log).toMatchObject({ callsign: k.callsign, contest: 'CQ-WW-CW', claimedScore: 6, category: { power: 'LOW', operator: 'SINGLE-OP' } });
    expect(log.qsos.map((q) => [q.freq, q.rcvdCall, q.received.join(' ')])).toEqual([['14025', dl.callsign, '599 14']]);

    for (const [name, viewport, scheme] of [
      ['contest-board-phone-light', PHONE, 'light'],
      ['contest-board-phone-dark', PHONE, 'dark'],
      ['contest-board-desktop-dark', DESKTOP, 'dark'],
    ] as const) {
      const other = await pageFor(dl, viewport, scheme);
      await other.goto(`${base}${CONTEST_PAGE}`);
      await other.getByRole('region', { name: 'Your log by CQ World Wide DX Contest CW rules' }).getByRole('row').nth(2).waitFor();
      await checkScreen(other, name);
    }
  });
});
