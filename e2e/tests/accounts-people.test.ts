import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshLogin, gradientPng, statusOf, subscribeWithCli, userIdOf } from '../src/accounts-journey';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import { answerDialogs, registerStation, signIn, type Station } from '../src/logger-journey';

const canRun = browserAvailable();

/** How wide an <img> decoded (0 until it has loaded); run in the page. */
const loadedWidth = (img: unknown) => {
  const el = img as { complete: boolean; naturalWidth: number };
  return el.complete ? el.naturalWidth : 0;
};
const hasFocus = (el: unknown) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;

describe.skipIf(!canRun)('people in Chromium: follows, photos, direct messages', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${journey.server.url}${path}`;

  async function openPage(station: Station): Promise<Page> {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, journey.server.url, station);
    return page;
  }

  it("follows and unfollows another station on its page; the follow is the viewer's own", async () => {
    const [viewer, station] = await Promise.all([registerStation(journey.server.url, 'F'), registerStation(journey.server.url, 'S')]);
    const stationId = await userIdOf(journey.server.url, station);
    const page = await openPage(viewer);
    await page.goto(url(`/${station.callsign}`));
    const follow = page.getByRole('button', { name: `Follow ${station.callsign}`, exact: true });
    await follow.click();
    const unfollow = page.getByRole('button', { name: `Unfollow ${station.callsign}`, exact: true });
    await unfollow.waitFor();
    expect(await unfollow.getAttribute('aria-pressed')).toBe('true');
    // The API's view follows within moments (its read model trails the write).
    await expect.poll(async () => (await statusOf(journey.server.url, viewer)).following).toEqual([stationId]);
    expect((await statusOf(journey.server.url, station)).following).toEqual([]);

    // Still followed after a reload, then unfollowed.
    await page.reload();
    await unfollow.click();
    await follow.waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await statusOf(journey.server.url, viewer)).following).toEqual([]);
  }, 60_000);

  it('uploads a photo, shows its thumbnail, makes it the default, opens and closes the lightbox with the keyboard, deletes it', async () => {
    const owner = await registerStation(journey.server.url, 'G');
    const page = await openPage(owner);
    const dialogs = await answerDialogs(page);
    await page.goto(url('/profile/pictures'));
    await page.getByText('No photos yet.').waitFor();

    await page.getByLabel('Photo file').setInputFiles({ name: 'shack.png', mimeType: 'image/png', buffer: gradientPng(240, 160) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Photo uploaded successfully!').waitFor();

    // The thumbnail is a real image the browser loaded from /media.
    const view = page.getByRole('button', { name: 'View Photo 1' });
    const thumb = view.locator('img');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/\/media\/.+/);
    await expect.poll(() => thumb.evaluate(loadedWidth)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Make Photo 1 the profile picture' }).click();
    await page.getByText('Photo set as default successfully!').waitFor();
    await page.getByText('Profile picture', { exact: true }).waitFor();

    // The lightbox, by keyboard: Enter opens it, Escape closes it and focus goes back.
    await view.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: /Photo 1/ });
    await lightbox.waitFor();
    await expect.poll(() => lightbox.getByRole('img').evaluate(loadedWidth)).toBe(240);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    await expect.poll(() => view.evaluate(hasFocus)).toBe(true);

    await page.getByRole('button', { name: 'Delete Photo 1' }).click();
    await page.getByText('Photo deleted successfully!').waitFor();
    expect(dialogs).toContain('Delete this photo?');
    await page.getByText('No photos yet.').waitFor();
  }, 60_000);

  it("a subscriber's direct message reaches the other station: the sidebar badge within 10 s, then /notifications", async () => {
    const [sender, recipient] = await Promise.all([registerStation(journey.server.url, 'D'), registerStation(journey.server.url, 'T')]);
    expect(await subscribeWithCli(journey.server.dataDir, sender.callsign)).toContain('premium');
    const subscribed = await freshLogin(journey.server.url, sender);

    // The recipient is already looking at the site: no badge yet.
    const inbox = await openPage(recipient);
    await inbox.goto(url('/'));
    const sidebar = inbox.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: /Notifications/ }).waitFor();
    expect(await sidebar.getByLabel(/unread/).count()).toBe(0);

    const page = await openPage(subscribed);
    await page.goto(url(`/${recipient.callsign}`));
    const text = `Hello ${recipient.callsign}, 73 and see you on 20m!`;
    await page.getByLabel('Your message').fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent.').waitFor();
    const sentAt = Date.now();

    // The badge comes with the next status poll (every 10 s).
    const badge = sidebar.getByLabel(/^\d+ unread$/);
    await badge.waitFor({ timeout: 12_000 });
    expect(Date.now() - sentAt).toBeLessThan(12_000);
    expect(Number(await badge.innerText())).toBeGreaterThan(0);

    await sidebar.getByRole('link', { name: /Notifications/ }).click();
    await inbox.waitForURL((u) => u.pathname === '/notifications');
    await inbox.getByText(text).waitFor();
    await inbox.getByText(sender.callsign).first().waitFor();
    // Reading them marked them read.
    await expect.poll(async () => (await statusOf(journey.server.url, recipient)).notification_count).toBe(0);
  }, 60_000);
});
