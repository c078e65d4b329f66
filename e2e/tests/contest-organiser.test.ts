/**
 * An organiser's contest in Chromium, on a 375 px phone in dark mode: created through the form
 * (the server's messages shown under the fields), QSOs logged in its window by API (one a
 * duplicate under its rule), its live board read, then its window changed so a QSO falls out and
 * the board follows.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { elementsPastRightEdge, horizontalOverflow, logThroughApi, registerStation, signIn } from '../src/logger-journey';

const canRun = browserAvailable();
const MINUTE = 60_000;
/** A datetime-local value, UTC. */
const localUtc = (at: Date) => at.toISOString().slice(0, 16);

describe.skipIf(!canRun)('a contest organiser, in Chromium (375 px, dark)', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${journey.server.url}${path}`;
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function expectAccessible(page: Page, where: string) {
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(where, violations)).toEqual([]);
  }
  async function expectNoSidewaysScroll(page: Page, where: string) {
    expect(await horizontalOverflow(page), `${where}: ${await elementsPastRightEdge(page)}`).toBe(0);
  }
  /** The error text the field announces (aria-describedby), '' for none. */
  const errorOf = async (field: Locator) => {
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.length === 0 ? '' : ((await field.page().locator(`[id="${ids[0]}"]`).textContent()) ?? '');
  };
  const cellsOf = (row: Locator) => row.getByRole('cell').allTextContents();

  it('creates a contest, reads its live board, and sees it follow a change of the window', async () => {
    const organiser = await registerStation(journey.server.url, 'O');
    const entrant = await registerStation(journey.server.url, 'K');
    const context = await journey.browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, journey.server.url, organiser);

    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const name = `Sprint ${organiser.callsign}`;
    await page.goto(url('/contests'));
    await page.getByText('You have not organised a contest yet.').waitFor();
    await page.getByRole('link', { name: 'Create a contest' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create a contest' }).waitFor();

    // Filled in with the keyboard; the end before the start is refused, under the end.
    const nameField = page.getByLabel('Name', { exact: true });
    await nameField.focus();
    await page.keyboard.type(name);
    await page.getByLabel('Starts (UTC)').fill(localUtc(new Date(now - 2 * 60 * MINUTE)));
    await page.getByLabel('Ends (UTC)').fill(localUtc(new Date(now - 3 * 60 * MINUTE)));
    await page.getByLabel('Modes').fill('ft8');
    await page.getByLabel('Points per contact').fill('2');
    await page.getByLabel('Duplicates').selectOption('call');
    await page.getByLabel('Modes').press('Enter');
    const ends = page.getByLabel('Ends (UTC)');
    await expect.poll(() => ends.getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(ends)).toBe('The contest must end after it starts.');
    expect(await errorOf(nameField)).toBe('');
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.getAttribute("name")')).toBe('ends_at');
    await expectAccessible(page, 'the contest form with an error');
    await expectNoSidewaysScroll(page, 'the contest form');
    // The form takes the dark theme's surface, not a white box.
    expect(await page.evaluate('getComputedStyle(document.querySelector(".contest-form")).backgroundColor')).not.toBe('rgb(255, 255, 255)');

    await ends.fill(localUtc(new Date(now + 2 * 60 * MINUTE)));
    await ends.press('Enter');
    await page.waitForURL((u) => /^\/contests\/sprint-[a-z0-9-]+$/.test(u.pathname));
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await page.getByText('FT8 · 2 points per contact · contacts on separate bands not permitted · logs uploaded up to 48 hours after the end count').waitFor();
    await page.getByText('No contacts logged in this contest yet.').waitFor();

    // Three QSOs in the window: DL1AA again on another band is a duplicate under 'call'.
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();
    await logThroughApi(journey.server.url, entrant, { Call: 'DL1AA', TS: at(90), Freq: 14074, Mode: 'FT8' });
    await logThroughApi(journey.server.url, entrant, { Call: 'DL1AA', TS: at(40), Freq: 7074, Mode: 'FT8' });
    await logThroughApi(journey.server.url, entrant, { Call: 'DL2BB', TS: at(20), Freq: 14074, Mode: 'FT8' });
    // And one in another mode, which this contest does not count.
    await logThroughApi(journey.server.url, entrant, { Call: 'DL3CC', TS: at(10), Freq: 14250, Mode: 'SSB' });

    // The board refreshes every 10 s.
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: entrant.callsign }) });
    await row.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Rank', 'Call', 'Picture', 'Name', 'Contacts', 'Points']);
    expect(await cellsOf(row)).toEqual(['1', entrant.callsign, expect.any(String), '', '2', '4']);
    await expectAccessible(page, 'the contest board');
    await expectNoSidewaysScroll(page, 'the contest board');

    // The organiser moves the end before the last QSO: it falls out, and the board follows.
    await page.getByRole('link', { name: 'Edit contest' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit contest' }).waitFor();
    await page.getByLabel('Points per contact').fill('0');
    await page.getByLabel('Ends (UTC)').fill(localUtc(new Date(now - 30 * MINUTE)));
    await page.getByRole('button', { name: 'Save changes' }).click();
    const points = page.getByLabel('Points per contact');
    await expect.poll(() => errorOf(points)).toBe('points_per_contact must be a whole number from 1 to 100.');
    await points.fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/edit'));
    await expect.poll(async () => cellsOf(row), { timeout: 20_000 }).toEqual(['1', entrant.callsign, expect.any(String), '', '1', '2']);

    // The organiser's list has it, with its window as it now is.
    await page.goto(url('/contests'));
    const item = page.getByRole('list', { name: 'Your contests' }).getByRole('listitem');
    await item.getByRole('link', { name, exact: true }).waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain('(1.5 hours)');
    await expectAccessible(page, 'the organiser’s contests');
    await expectNoSidewaysScroll(page, 'the organiser’s contests');
  }, 90_000);

  it('builds a contest of its own rules from the pieces, and scores a station by them', async () => {
    const organiser = await registerStation(journey.server.url, 'O');
    const context = await journey.browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, journey.server.url, organiser);
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const name = `Serial sprint ${organiser.callsign}`;
    await page.goto(url('/contests'));
    await page.getByRole('link', { name: 'Create a contest' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Starts (UTC)').fill(localUtc(new Date(now - 60 * MINUTE)));
    await page.getByLabel('Ends (UTC)').fill(localUtc(new Date(now + 60 * MINUTE)));
    await page.getByLabel('Rules', { exact: true }).selectOption({ label: 'Custom rules: build them from the pieces below' });
    await page.getByRole('heading', { name: 'Custom rules' }).waitFor();
    await page.getByLabel('Rules name').fill('Serial Sprint');
    await page.getByLabel('Cabrillo name').fill('SERIAL-SPRINT');
    await page.getByLabel('Other continent').fill('3');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/custom-rules-phone-dark.png`, fullPage: true });
    await expectAccessible(page, 'the custom rules builder');
    await expectNoSidewaysScroll(page, 'the custom rules builder');
    await page.getByRole('button', { name: 'Create contest' }).click();
    await page.waitForURL((u) => /^\/contests\/serial-sprint-[a-z0-9-]+$/.test(u.pathname));

    // A contact of the organiser's own, by API with its serials: 3 points (another continent) × 1 entity.
    await logThroughApi(journey.server.url, organiser, { Call: 'JA1ABC', TS: new Date(now - 10 * MINUTE).toISOString(), Freq: 14025, Mode: 'CW', adif: { STX: '1', SRX: '27' } });
    await page.reload();
    const own = page.getByRole('region', { name: 'Your log by Serial Sprint rules' });
    await expect.poll(() => own.getByText(/^Claimed score/).textContent(), { timeout: 15_000 }).toBe('Claimed score 3: 1 QSOs, 3 points × 1 multipliers (DXCC entities 1).');
    await expectAccessible(page, 'a custom contest’s page');
    await expectNoSidewaysScroll(page, 'a custom contest’s page');
  }, 90_000);
});
