import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pinFromMailbox } from '../src/accounts-journey';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { answerDialogs, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

const WRONG_PIN =
  'Wrong pin number, the pin will change every time you request it, you must enter the latest pin number. Click send pin AND WAIT for the email and SMS to arrive. Check your JUNK FOLDER.';
const CANNOT_ADD = 'You cannot add sub-accounts. Please logout and login to your main account to add new sub-accounts.';

describe.skipIf(!canRun)('accounts in Chromium: PIN login, password, sub-accounts', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${journey.server.url}${path}`;

  async function openPage(station: Station | null): Promise<Page> {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    if (station) await signIn(page, journey.server.url, station);
    return page;
  }

  const accountButton = (page: Page) => page.getByRole('button', { name: /, account menu$/ });

  it('logs in with a One Time PIN from the mailbox; a wrong PIN is refused with the specification text', async () => {
    const station = await registerStation(journey.server.url, 'P');
    const page = await openPage(null);
    const dialogs = await answerDialogs(page);
    await page.goto(url('/login'));
    await page.getByRole('button', { name: "I've forgotten my email or password / use a One Time PIN" }).click();
    await page.getByText("We'll EMAIL you a PIN, please check your JUNK FOLDER").waitFor();
    await page.getByLabel('Callsign').fill(station.callsign.toLowerCase());
    await page.getByRole('button', { name: 'SEND PIN' }).click();
    const pinField = page.getByLabel('Pin Number');
    await pinField.waitFor();
    const pin = await pinFromMailbox(journey.server.dataDir, station.email);

    // A wrong PIN: the alert, and still on the login screen.
    const wrong = pin === '00000000' ? '11111111' : '00000000';
    await pinField.fill(wrong);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect.poll(() => dialogs).toContain(WRONG_PIN);
    expect(new URL(page.url()).pathname).toBe('/login');

    // The right one (the wrong try did not use it up) signs in and lands on /?login=success.
    await pinField.fill(pin);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?login=success');
    await expect.poll(async () => accountButton(page).textContent()).toContain(station.callsign);
  }, 60_000);

  it('registers, sets a password on /profile?register=success, logs out and logs in with it', async () => {
    const page = await openPage(null);
    const dialogs = await answerDialogs(page);
    const callsign = `R1${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const email = `${callsign.toLowerCase()}@example.com`;
    await page.goto(url('/register'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Callsign').fill(callsign);
    await page.getByRole('button', { name: 'Get Started Free' }).click();
    await page.waitForURL((u) => u.pathname === '/profile' && u.search === '?register=success');
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    await page.getByLabel('New password').fill('seventy-three-88');
    await page.getByLabel('Confirm password').fill('seventy-three-88');
    await page.getByRole('form', { name: 'Set a password' }).getByRole('button', { name: /save/i }).click();
    await expect.poll(() => dialogs).toContain('Profile updated!');

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.search === '?logout=success');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('seventy-three-88');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?login=success');
    await expect.poll(async () => accountButton(page).textContent()).toContain(callsign);
  }, 60_000);

  it('adds a sub-account and switches into it after confirmations; the sub-account may not add any', async () => {
    const main = await registerStation(journey.server.url, 'M');
    const sub = `${main.callsign}/P`;
    const page = await openPage(main);
    const dialogs = await answerDialogs(page);
    await page.goto(url('/account/profiles'));
    await page.getByRole('heading', { name: `Sub Accounts for ${main.callsign}` }).waitFor();
    await page.getByText('No sub-accounts available.').waitFor();

    // No 'Switch Account' in the menu before there is a sub-account.
    await accountButton(page).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Switch Account' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByLabel('Callsign').fill(sub.toLowerCase());
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('row', { name: new RegExp(sub) }).waitFor();
    expect(dialogs).toContain(`Add ${sub} as a sub-account?`);

    // Now the header menu offers it, and it leads here.
    await accountButton(page).click();
    await page.getByRole('link', { name: 'Switch Account' }).click();
    await page.waitForURL((u) => u.pathname === '/account/profiles');

    await page.getByRole('button', { name: `Login as ${sub}` }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.search === '?login=success');
    expect(dialogs).toContain(`Switch to ${sub}?`);
    await expect.poll(async () => accountButton(page).textContent()).toContain(sub);

    await page.goto(url('/account/profiles'));
    await page.getByRole('heading', { name: `Sub Accounts for ${sub}` }).waitFor();
    await page.getByText(CANNOT_ADD).waitFor();
    expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
  }, 60_000);
});
