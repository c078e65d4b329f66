import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { apiPost, loggedQsos, logThroughApi, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();
if (!canRun) console.warn('first-user-edges: skipped, no Chromium at CHROMIUM_PATH or /usr/bin/chromium');

/** Issue 9, a first-time user's rough edges: not-a-page paths, the FAQ, in-page dialogs, back from a sub-account. */
describe.skipIf(!canRun)('a first-time user’s rough edges, in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${journey.server.url}${path}`;
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function openPage(station: Station | null, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    if (station) await signIn(page, journey.server.url, station);
    return page;
  }

  async function expectAccessible(page: Page, where: string) {
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(where, violations)).toEqual([]);
  }

  const siteHeader = (page: Page) => page.locator('header.site-header');

  it("the specification's /live/user/{id} and /sstv are pages of their own, not a station's; a typo is a real 404; all keep the header", async () => {
    const page = await openPage(null);
    for (const [path, heading] of [['/live/user/7', 'Station not found'], ['/sstv', 'SSTV archive']] as const) {
      const answer = await page.goto(url(path));
      expect(answer?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await siteHeader(page).isVisible(), path).toBe(true);
      expect(await page.getByText(/No station with the callsign/).count(), path).toBe(0);
    }
    await expectAccessible(page, '/sstv');

    const typo = await page.goto(url('/leaderbord'));
    expect(typo?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('/leaderbord', { exact: true }).count()).toBe(1);
    expect(await siteHeader(page).isVisible()).toBe(true);
    await expectAccessible(page, '/leaderbord');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(url('/'));

    // A callsign is still a station's page.
    await page.goto(url('/W1AW'));
    await page.getByText(/No station with the callsign W1AW/).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Page not found' }).count()).toBe(0);
  }, 60_000);

  it('the FAQ in the sidebar opens Help and Support', async () => {
    const station = await registerStation(journey.server.url, 'F');
    const page = await openPage(station);
    await page.goto(url('/logs'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL((u) => u.pathname === '/post/74/Help-and-Support');
    await page.getByRole('heading', { level: 1, name: 'Help and Support' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /PIN/ }).waitFor();
    await expectAccessible(page, 'Help and Support');
  }, 60_000);

  it('deletes a QSO through the in-page dialog with the keyboard (in dark mode): Escape cancels, Enter confirms', async () => {
    const station = await registerStation(journey.server.url, 'D');
    const { qdo_id } = await logThroughApi(journey.server.url, station, { Call: 'JA1XYZ', TS: '2026-01-05T12:00:00Z', Freq: 14074, Mode: 'FT8' });
    const page = await openPage(station, 'dark');
    let nativeDialogs = 0;
    page.on('dialog', (d) => {
      nativeDialogs += 1;
      void d.dismiss();
    });
    await page.goto(url(`/logger/${qdo_id}`));
    const remove = page.getByRole('button', { name: 'Delete QSO' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete QSO with JA1XYZ on 20m at 12:00 UTC on 2026-01-05?' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // The dialog takes the theme's dark surface, not a white box.
    expect(await page.evaluate('getComputedStyle(document.querySelector("[role=alertdialog]")).backgroundColor')).toBe('rgb(23, 30, 39)');
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('OK');
    await expectAccessible(page, 'delete dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Delete QSO');
    expect((await loggedQsos(journey.server.url, station)).map((q) => q.qdo_id)).toEqual([qdo_id]);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/logger'));
    await expect.poll(async () => (await loggedQsos(journey.server.url, station)).length).toBe(0);
    expect(nativeDialogs).toBe(0);
  }, 60_000);

  it("goes back to the main account from a sub-account with 'Back to {callsign}', ending the sub-account's session", async () => {
    const main = await registerStation(journey.server.url, 'B');
    const sub = `${main.callsign}/P`;
    await apiPost(journey.server.url, '/vaddsubaccount', { callsign: sub }, main.token);
    const page = await openPage(main);
    // The home page's code comes slowly (a slow network): the switch's navigation changes the
    // address at once and draws the page a second later.
    await page.route(/\/assets\/home-[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await page.goto(url('/account/profiles'));
    await page.getByRole('button', { name: `Login as ${sub}` }).click();
    await page.getByRole('alertdialog', { name: `Switch to ${sub}?` }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    const subToken = (await page.evaluate('localStorage.getItem("token")')) as string;
    expect(subToken).not.toBe(main.token);

    // The menu, opened as soon as the header names the sub-account (the switch reloads the user),
    // while the home page is still loading, stays open when that page is drawn.
    const menuButton = page.getByRole('button', { name: new RegExp(`${sub.replace('/', '\\/')}.*account menu$`) });
    await menuButton.click();
    expect(await page.getByRole('heading', { name: 'Latest QSOs' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Latest QSOs' }).waitFor();
    await page.waitForTimeout(300);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: `Back to ${main.callsign}` }).click();
    await page.waitForURL((u) => u.pathname === '/account/profiles');
    await page.getByRole('heading', { name: `Sub Accounts for ${main.callsign}` }).waitFor();
    expect(await page.evaluate('localStorage.getItem("token")')).toBe(main.token);
    await expectAccessible(page, 'sub-accounts, back in the main account');

    const asSub = await fetch(url('/api/vuser'), { headers: { Authorization: `Bearer ${subToken}` } });
    expect(asSub.status).toBe(401);
    const asMain = await fetch(url('/api/vuser'), { headers: { Authorization: `Bearer ${main.token}` } });
    expect(asMain.status).toBe(200);
  }, 60_000);
});
