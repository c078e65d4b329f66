/**
 * The admin pages in Chromium: a non-administrator is refused /admin/users (the server answers
 * 403 and the page says so), a visitor is sent to log in, and an account made administrator with
 * the operators' CLI (`npm run admin -- grant CALL`) sees the cards, the table and the analytics.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from '@hamlog/domain/messages';
import { runOperatorCli } from '../src/accounts-journey';
import { describeViolations, seriousViolations } from '../src/axe';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { horizontalOverflow, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

/** `npm run admin -- grant CALLSIGN`, as an operator runs it beside the running server. */
const grantAdminWithCli = (dataDir: string, callsign: string) => runOperatorCli(dataDir, 'admin', ['grant', callsign]);

describe.skipIf(!canRun)('admin pages (/admin/users, /admin/stats) in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  let admin: Station;
  let member: Station;

  async function pageAs(station: Station | null, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await journey.browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    if (station) await signIn(page, journey.server.url, station);
    return page;
  }

  beforeAll(async () => {
    admin = await registerStation(journey.server.url, 'A');
    member = await registerStation(journey.server.url, 'M');
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('refuses a signed-in non-administrator, on the page and at the server', async () => {
    const page = await pageAs(member);
    await page.goto(`${journey.server.url}/admin/users`);
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(ADMIN_ONLY);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByText('Paying Accounts').count()).toBe(0);
    const res = await fetch(`${journey.server.url}/api/vadmin/users`, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` } });
    expect(res.status).toBe(403);
    // No way there in the account menu, once it has asked the server who the member is.
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/vuser');
    await page.getByRole('button', { name: /account menu$/ }).click();
    await refreshed;
    await page.getByRole('link', { name: 'Logbook' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
  }, 60_000);

  it('sends a visitor to log in first', async () => {
    const page = await pageAs(null);
    await page.goto(`${journey.server.url}/admin/users`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/users');
  }, 60_000);

  it('shows an administrator made with the CLI the cards, the table and the analytics', async () => {
    expect(await grantAdminWithCli(journey.server.dataDir, admin.callsign)).toContain(`${admin.callsign}: administrator`);
    const page = await pageAs(admin);
    await page.goto(`${journey.server.url}/admin/users`);
    const totals = page.getByLabel('Totals', { exact: true });
    // The role reaches the read model within moments of the CLI's event.
    for (let tries = 0; (await totals.count()) === 0 && tries < 50; tries += 1) {
      await page.waitForTimeout(200);
      if ((await page.getByRole('alert').count()) > 0) await page.reload();
    }
    await totals.waitFor();
    for (const card of ['New Users Today', 'This Week', 'This Month', 'Total Profiles', 'Paying Accounts', 'Monthly Revenue', 'Annual Revenue']) {
      expect(await totals.getByText(card, { exact: true }).count(), card).toBe(1);
    }
    expect(await totals.getByText('£0.00').count()).toBe(2);
    const table = page.getByRole('table');
    for (const station of [admin, member]) expect(await table.getByRole('link', { name: station.callsign }).count()).toBe(1);
    expect(describeViolations('/admin/users', await seriousViolations(page))).toBe('');

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/stats');
    for (const chart of ['New users per day', 'QSOs per day', 'Active stations per day', 'Top entities (DXCC)']) {
      await page.getByRole('heading', { level: 2, name: chart }).waitFor();
    }
    expect(await page.locator('.admin-page canvas').count()).toBe(4);
    expect(describeViolations('/admin/stats', await seriousViolations(page))).toBe('');

    // The way there for an administrator: the account menu's Admin entry.
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await totals.waitFor();

    // A phone: nothing wider than the screen but the table's own scroller.
    const phone = await pageAs(admin, { width: 375, height: 812 });
    await phone.goto(`${journey.server.url}/admin/users`);
    await phone.getByLabel('Totals', { exact: true }).waitFor();
    expect(await horizontalOverflow(phone)).toBe(0);
  }, 120_000);
});
