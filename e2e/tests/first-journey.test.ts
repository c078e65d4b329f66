import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { answerDialogs } from '../src/logger-journey';

const canRun = browserAvailable();

describe.skipIf(!canRun)('first journey in Chromium: register, log in, log a QSO, see it, edit it, delete it', () => {
  const journey = startJourney();

  it('works end to end on the embedded server, and a restart loses nothing', async () => {
    const page = await journey.browser.newPage();
    const dialogs = await answerDialogs(page);
    const url = (path: string) => `${journey.server.url}${path}`;

    // Register: the answer logs the user in and goes to the profile to set a password.
    await page.goto(url('/register'));
    await page.getByLabel('Email').fill('op@example.com');
    await page.getByLabel('Callsign').fill('pa3xyz');
    await page.getByRole('button', { name: 'Get Started Free' }).click();
    await page.waitForURL(/\/profile\?register=success/);
    await page.getByLabel('New password').fill('seventy-three');
    await page.getByLabel('Confirm password').fill('seventy-three');
    await page.getByRole('button', { name: /save/i }).click();
    await expect.poll(() => dialogs.includes('Profile updated!')).toBe(true);

    // Log out, fail a login with the specification's text, then log in.
    await page.getByRole('button', { name: /PA3XYZ/ }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/login\?logout=success/);
    await page.getByLabel('Email').fill('op@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByText('Login failed! please check email and password').waitFor();
    await page.getByLabel('Password').fill('seventy-three');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/login=success/);

    // Log a contact from the logger, keyboard only after the call.
    await page.goto(url('/logger'));
    const call = page.getByPlaceholder('Log a contact');
    await call.fill('dl1abc');
    await expect.poll(() => call.inputValue()).toBe('DL1ABC');
    await page.getByLabel('Freq (MHz)').fill('14.074');
    await page.getByLabel('Mode', { exact: true }).selectOption('FT8');
    await page.getByLabel('SNT').fill('-10');
    await page.getByLabel('RCV').fill('-12');
    await page.getByLabel('Name', { exact: true }).fill('Hans');
    await page.getByLabel('Comments').fill('first contact');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await expect.poll(() => call.inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('name'))).toBe('call');

    // The logbook shows it at once, with 6-decimal MHz and the country.
    await page.goto(url('/logs'));
    const row = page.getByRole('row', { name: /DL1ABC/ });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['DL1ABC', 'FT8', '20m', '14.074000', 'Hans', '230 Fed. Rep. of Germany', 'first contact']));
    await page.getByText(/Page 1 of 1 \(1 Qs\)/).waitFor();

    // The QSO page.
    await row.getByRole('link', { name: 'Details of DL1ABC' }).click();
    await page.waitForURL(/\/qso\//);
    await page.getByRole('heading', { name: /DL1ABC/ }).waitFor();
    expect(await page.title()).toMatch(/DL1ABC/);

    // Edit it.
    await page.goto(url('/logs'));
    await page.getByRole('link', { name: 'Edit DL1ABC' }).click();
    await page.waitForURL(/\/logger\/.+/);
    const comment = page.getByLabel('Comments');
    await expect.poll(() => comment.inputValue()).toBe('first contact');
    await comment.fill('loud signal');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/logs/);
    await page.getByRole('cell', { name: 'loud signal' }).waitFor();

    // Restart the server: nothing is lost, the session still works.
    await journey.server.restart();
    await page.goto(url('/logs'));
    await page.getByRole('cell', { name: 'loud signal' }).waitFor();

    // Delete it.
    await page.getByRole('link', { name: 'Edit DL1ABC' }).click();
    await page.getByRole('button', { name: 'Delete QSO' }).click();
    await page.waitForURL(/\/logs/);
    expect(dialogs.some((d) => /^Delete QSO .+\?$/.test(d))).toBe(true);
    await page.getByText(/No QSOs yet/).waitFor();

    // Log out.
    await page.getByRole('button', { name: /PA3XYZ/ }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/login\?logout=success/);
    await page.goto(url('/logs'));
    await page.waitForURL(/\/login\?redirect=/);
  }, 120_000);
});
