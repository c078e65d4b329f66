import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';
import {
  answerDialogs,
  elementsPastRightEdge,
  focusedName,
  horizontalOverflow,
  logbookWith,
  loggedQsos,
  logThroughApi,
  registerStation,
  signIn,
  type Station,
} from '../src/logger-journey';

const canRun = browserAvailable();

describe.skipIf(!canRun)('logger journeys in Chromium', () => {
  const journey = startJourney();
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${journey.server.url}${path}`;

  const qsosWhenLogged = (station: Station, count: number) => logbookWith(journey.server.url, station, count);

  async function openPage(station: Station | null, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await journey.browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    if (station) await signIn(page, journey.server.url, station);
    return page;
  }

  it('logs a contact with the keyboard only: call, Enter, Tab through SNT/RCV, Enter; focus back on the call', async () => {
    const station = await registerStation(journey.server.url, 'K');
    const page = await openPage(station);
    const dialogs = await answerDialogs(page);
    await page.goto(url('/logger'));
    const call = page.getByPlaceholder('Log a contact');
    await expect.poll(() => focusedName(page)).toBe('call');

    await page.keyboard.type('dl1abc');
    await expect.poll(() => call.inputValue()).toBe('DL1ABC');
    await page.keyboard.press('Enter'); // searches
    const lookup = page.getByRole('link', { name: 'Look up DL1ABC on QRZ.com' });
    expect(await lookup.getAttribute('href')).toBe('https://www.qrz.com/db/DL1ABC');
    expect(await lookup.getAttribute('target')).toBe('_blank');
    expect(await lookup.getAttribute('rel')).toContain('noopener');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('snt');
    await page.keyboard.type('57');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('rcv');
    await page.keyboard.type('58');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('name');
    await page.keyboard.type('Hans');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('comment');
    await page.keyboard.type('keyboard only');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('rcv');
    await page.waitForTimeout(1_200); // the QSO takes a moment, so its duration is above 0
    await page.keyboard.press('Enter'); // logs

    await page.getByText('Logged DL1ABC.').waitFor();
    expect(await call.inputValue()).toBe('');
    expect(await focusedName(page)).toBe('call');
    expect(await page.getByLabel('SNT').inputValue()).toBe('59');
    expect(await page.getByLabel('Comments').inputValue()).toBe('');

    const [qso] = await qsosWhenLogged(station, 1);
    expect(qso).toMatchObject({ Call: 'DL1ABC', SNT: '57', RCV: '58', Name: 'Hans', Comment: 'keyboard only', Mode: 'SSB', Freq: 7127, qso_origin: 'LOGBAR', IsRunQSO: 0 });
    expect(qso?.qso_duration).toBeGreaterThanOrEqual(1);

    // A second contact straight away, still without the mouse: Enter in SNT logs.
    await page.keyboard.type('k1abc');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Logged K1ABC.').waitFor();
    expect(await focusedName(page)).toBe('call');
    expect((await qsosWhenLogged(station, 2)).map((q) => q.Call).sort()).toEqual(['DL1ABC', 'K1ABC']);

    // Escape clears, as does the X button; GO searches like Enter.
    await page.keyboard.type('g0abc');
    await page.keyboard.press('Escape');
    expect(await call.inputValue()).toBe('');
    await call.fill('g0abc');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    expect(await call.inputValue()).toBe('');
    expect(await focusedName(page)).toBe('call');
    await call.fill('dl1abc');
    await page.getByRole('button', { name: 'GO', exact: true }).click();
    await page.getByRole('region', { name: 'Previous QSOs with DL1ABC' }).getByRole('listitem').first().waitFor();
    await call.fill('');

    // The locally kept counters, and Reset Counters.
    const counters = page.getByLabel('Counters');
    await expect.poll(() => counters.innerText()).toMatch(/Session QSOs\s*2\s*Average QSO\s*\d+ s/);
    await page.getByRole('button', { name: 'Reset Counters' }).click();
    // The dialog's event may come a moment after the click.
    await expect.poll(() => dialogs).toContain('Reset counters?');
    await expect.poll(() => counters.innerText()).toMatch(/Session QSOs\s*0\s*Average QSO\s*0 s/);
  }, 90_000);

  it('saves a sub-mode under its parent (-USB: Mode SSB, SubMode USB) and Run (CQ) as IsRunQSO 1; remembers both', async () => {
    const station = await registerStation(journey.server.url, 'M');
    const page = await openPage(station);
    await page.goto(url('/logger'));
    const mode = page.getByLabel('Mode', { exact: true });
    await mode.waitFor();
    expect(await mode.locator('option').count()).toBeGreaterThan(200);
    await mode.selectOption({ label: '-USB' });
    await page.getByLabel('Operating mode').selectOption({ label: 'Run (CQ)' });
    await page.getByLabel('Freq (MHz)').fill('14.2505');
    await page.getByPlaceholder('Log a contact').fill('ea8/dl1abc');
    await page.getByLabel('RCV').press('Enter');
    await page.getByText('Logged EA8/DL1ABC.').waitFor();

    const [qso] = await qsosWhenLogged(station, 1);
    expect(qso).toMatchObject({ Call: 'EA8/DL1ABC', Mode: 'SSB', SubMode: 'USB', Freq: 14250.5, IsRunQSO: 1 });

    await page.goto(url('/logs'));
    await page.getByRole('row', { name: /EA8\/DL1ABC/ }).getByRole('cell', { name: 'SSB (USB)' }).waitFor();

    // Mode, frequency and operating mode come back on the next visit; a parent clears the sub-mode.
    await page.goto(url('/logger'));
    await expect.poll(() => mode.inputValue()).toBe('USB');
    expect(await page.getByLabel('Operating mode').inputValue()).toBe('2');
    expect(await page.getByLabel('Freq (MHz)').inputValue()).toBe('14.2505');
    await mode.selectOption('SSB');
    await page.getByLabel('Operating mode').selectOption({ label: 'Search and Pounce' });
    await page.getByPlaceholder('Log a contact').fill('G4XYZ');
    await page.getByLabel('SNT').press('Enter');
    await page.getByText('Logged G4XYZ.').waitFor();
    const g4 = (await qsosWhenLogged(station, 2)).find((q) => q.Call === 'G4XYZ');
    expect(g4).toMatchObject({ Mode: 'SSB', SubMode: '', IsRunQSO: 0 });
  }, 90_000);

  it('turns 59 into 599 for CW and back for other modes, leaving other reports alone', async () => {
    const station = await registerStation(journey.server.url, 'C');
    const page = await openPage(station);
    await page.goto(url('/logger'));
    const snt = page.getByLabel('SNT');
    const rcv = page.getByLabel('RCV');
    expect([await snt.inputValue(), await rcv.inputValue()]).toEqual(['59', '59']);
    await page.getByRole('button', { name: 'CW', exact: true }).click();
    expect([await snt.inputValue(), await rcv.inputValue()]).toEqual(['599', '599']);
    await rcv.fill('579');
    await page.getByRole('button', { name: 'LSB', exact: true }).click();
    expect([await snt.inputValue(), await rcv.inputValue()]).toEqual(['59', '579']);
    await page.getByLabel('Mode', { exact: true }).selectOption('CW');
    expect(await snt.inputValue()).toBe('599');
    await page.getByPlaceholder('Log a contact').fill('OK1RR');
    await rcv.press('Enter');
    await page.getByText('Logged OK1RR.').waitFor();
    // After Log the reports go back to CW's default.
    expect([await snt.inputValue(), await rcv.inputValue()]).toEqual(['599', '599']);
    const [qso] = await qsosWhenLogged(station, 1);
    expect(qso).toMatchObject({ Call: 'OK1RR', Mode: 'CW', SNT: '599', RCV: '579' });
    await page.getByRole('button', { name: 'FM', exact: true }).click();
    expect([await snt.inputValue(), await rcv.inputValue()]).toEqual(['59', '59']);
  }, 60_000);

  it("puts the server's field message under the field, shows 'Error loading QSOs', and survives a failed DXCC list", async () => {
    const station = await registerStation(journey.server.url, 'F');
    const page = await openPage(station);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route('**/api/vdxcc-entity-distinct/', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.route('**/api/vlogbar/**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto(url('/logger'));

    const call = page.getByPlaceholder('Log a contact');
    await call.fill('sm5abc');
    await call.press('Enter');
    await page.getByText('Error loading QSOs').waitFor();
    await expect.poll(() => warnings.some((w) => w.includes('DXCC list failed to load'))).toBe(true);
    expect(await page.getByLabel('DXCC').locator('option').allInnerTexts()).toEqual(['-- DXCC List']);

    // 1 MHz is in no amateur band: the server refuses it (422) and says so under Freq; nothing is lost.
    await page.getByLabel('Freq (MHz)').fill('1.0');
    await page.getByLabel('Comments').fill('keep me');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await page.getByText('That frequency is not in an amateur band.').waitFor();
    expect(await page.getByLabel('Freq (MHz)').getAttribute('aria-invalid')).toBe('true');
    expect(await call.inputValue()).toBe('SM5ABC');
    expect(await page.getByLabel('Comments').inputValue()).toBe('keep me');
    expect(await page.getByRole('button', { name: 'Network Error, please try again.' }).count()).toBe(0);

    await page.getByLabel('Freq (MHz)').fill('10.1.36');
    expect(await page.getByLabel('Freq (MHz)').inputValue()).toBe('10.136'); // a second decimal point is removed
    await page.getByLabel('Power (W)').fill('1500W');
    expect(await page.getByLabel('Power (W)').inputValue()).toBe('1500');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await page.getByText('Logged SM5ABC.').waitFor();
    const [qso] = await qsosWhenLogged(station, 1);
    expect(qso).toMatchObject({ Call: 'SM5ABC', Freq: 10136, Power: '1500', Comment: 'keep me', dxcc: 284 });
  }, 60_000);

  it('the time follows the UTC clock unless locked; the lock button and a click on the field lock it', async () => {
    const station = await registerStation(journey.server.url, 'T');
    const page = await openPage(station);
    await page.clock.install({ time: new Date('2025-03-01T10:00:05Z') });
    await page.goto(url('/logger'));
    const time = page.getByLabel('Time (UTC)');
    await expect.poll(() => time.inputValue()).toBe('2025-03-01 10:00');
    await page.clock.fastForward('02:00');
    await expect.poll(() => time.inputValue()).toBe('2025-03-01 10:02');

    await page.getByRole('button', { name: 'Lock time' }).click();
    await page.clock.fastForward('03:00');
    await page.waitForTimeout(300);
    expect(await time.inputValue()).toBe('2025-03-01 10:02');

    await page.getByRole('button', { name: 'Unlock time' }).click();
    await expect.poll(() => time.inputValue()).toBe('2025-03-01 10:05');

    await time.click();
    await page.getByRole('button', { name: 'Unlock time' }).waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForTimeout(300);
    expect(await time.inputValue()).toBe('2025-03-01 10:05');

    await page.getByPlaceholder('Log a contact').fill('G4ABC');
    await page.getByLabel('SNT').press('Enter');
    await page.getByText('Logged G4ABC.').waitFor();
    const [qso] = await qsosWhenLogged(station, 1);
    expect(qso?.TS).toMatch(/^2025-03-01T10:05:00/);
    // Clearing the form (after Log) resets the lock: the field follows the clock again.
    await page.getByRole('button', { name: 'Lock time' }).waitFor();
    await expect.poll(() => time.inputValue()).toBe('2025-03-01 10:07');
  }, 60_000);

  it('edits, cancels and deletes from the previous-QSO cards and through /logger/{id}', async () => {
    const station = await registerStation(journey.server.url, 'E');
    const page = await openPage(station);
    const dialogs = await answerDialogs(page);
    const first = await logThroughApi(journey.server.url, station, { Call: 'W1AW', TS: '2025-01-02T03:04:00Z', Freq: 14025, Mode: 'CW', Comment: 'first', Name: 'Hiram' });
    await logThroughApi(journey.server.url, station, { Call: 'W1AW', TS: '2025-02-03T04:05:00Z', Freq: 7030, Mode: 'CW', Comment: 'second' });

    await page.goto(url('/logger'));
    const call = page.getByPlaceholder('Log a contact');
    await call.fill('w1aw');
    await call.press('Enter');
    const cards = page.getByRole('region', { name: 'Previous QSOs with W1AW' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    // The search fills the name and the DXCC entity, and shows the count.
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Hiram');
    await expect.poll(() => page.getByLabel('DXCC').inputValue()).toBe('291');
    expect(await page.getByLabel('DXCC').locator('option:checked').innerText()).toMatch(/^United States.* 291$/);
    await expect.poll(() => page.getByLabel('QSOs with W1AW', { exact: true }).innerText()).toMatch(/QSOs\s*2\s*First\s*\S.*\s*Last\s*\S/);

    // Edit the older one, change its comment, Save Changes: the form clears.
    await cards.filter({ hasText: 'first' }).getByRole('button', { name: /^Edit/ }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await page.getByLabel('Comments').inputValue()).toBe('first');
    expect(await page.getByLabel('Time (UTC)').inputValue()).toBe('2025-01-02 03:04');
    await page.getByRole('button', { name: 'Unlock time' }).waitFor();
    await page.getByLabel('Comments').fill('first, edited');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Log', exact: true }).waitFor();
    expect(await call.inputValue()).toBe('');
    await expect.poll(async () => (await loggedQsos(journey.server.url, station)).find((q) => q.qdo_id === first.qdo_id)?.Comment).toBe('first, edited');

    // Cancel Edit runs the search again.
    await call.fill('W1AW');
    await call.press('Enter');
    await expect.poll(() => cards.count()).toBe(2);
    await cards.filter({ hasText: 'second' }).getByRole('button', { name: /^Edit/ }).click();
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    await page.getByRole('button', { name: 'Log', exact: true }).waitFor();
    expect(await call.inputValue()).toBe('W1AW');
    await expect.poll(() => cards.count()).toBe(2);

    // Delete QSO asks 'Delete QSO {id}?', naming the contact, and clears.
    await cards.filter({ hasText: 'second' }).getByRole('button', { name: /^Edit/ }).click();
    await page.getByRole('button', { name: 'Delete QSO' }).click();
    await page.getByRole('button', { name: 'Log', exact: true }).waitFor();
    expect(dialogs).toContain('Delete QSO with W1AW on 40m at 04:05 UTC on 2025-02-03?');
    await expect.poll(async () => (await loggedQsos(journey.server.url, station)).map((q) => q.qdo_id)).toEqual([first.qdo_id]);

    // Through /logger/{id}: loaded with the time locked; Cancel Edit leaves for a cleared logger.
    await page.goto(url(`/logger/${first.qdo_id}`));
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await call.inputValue()).toBe('W1AW');
    await page.getByRole('button', { name: 'Unlock time' }).waitFor();
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    await page.waitForURL(url('/logger'));
    await page.getByRole('button', { name: 'Log', exact: true }).waitFor();

    await page.goto(url(`/logger/${first.qdo_id}`));
    await page.getByRole('button', { name: 'Delete QSO' }).click();
    await page.waitForURL(url('/logger'));
    expect(dialogs).toContain('Delete QSO with W1AW on 20m at 03:04 UTC on 2025-01-02?');
    await expect.poll(async () => (await loggedQsos(journey.server.url, station)).length).toBe(0);
  }, 90_000);

  it('fits a 375 px phone: no sideways scrolling, the Log button reachable and working', async () => {
    const station = await registerStation(journey.server.url, 'P');
    await logThroughApi(journey.server.url, station, { Call: 'VK2ABC', Freq: 14200, Mode: 'SSB', Comment: 'a rather long comment that must wrap inside its card on a phone' });
    const page = await openPage(station, { width: 375, height: 740 });
    const fits = async (where: string) => {
      const logbar = await page.locator('.logger-bar').boundingBox();
      expect(logbar && logbar.x >= 0 && logbar.x + logbar.width <= 375, `${where}: the log bar fits`).toBe(true);
      expect(await horizontalOverflow(page), `${where}: past the right edge: ${await elementsPastRightEdge(page)}`).toBe(0);
    };
    for (const path of ['/', '/logger']) {
      await page.goto(url(path));
      await page.getByPlaceholder('Log a contact').waitFor();
      await fits(path);
    }
    const call = page.getByPlaceholder('Log a contact');
    await call.fill('vk2abc');
    await call.press('Enter');
    await page.getByRole('region', { name: 'Previous QSOs with VK2ABC' }).waitFor();
    await fits('/logger with the previous QSOs');

    const log = page.getByRole('button', { name: 'Log', exact: true });
    await log.scrollIntoViewIfNeeded();
    const box = await log.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.height).toBeGreaterThanOrEqual(36);
    await log.click();
    await page.getByText('Logged VK2ABC.').waitFor();
  }, 60_000);

  it('lets a visitor try the log bar on the home page; saving asks to log in and comes back with everything typed', async () => {
    const station = await registerStation(journey.server.url, 'V');
    const page = await openPage(null);
    const dialogs = await answerDialogs(page);
    await page.goto(url('/'));
    const call = page.getByPlaceholder('Log a contact');
    await call.fill('ja1xyz');
    await call.press('Enter');
    // Visitors get the entity from the search too (their own counts are empty).
    await expect.poll(() => page.getByLabel('DXCC').inputValue()).toBe('339');
    await page.getByLabel('SNT').fill('57');
    await page.getByLabel('RCV').fill('53');
    await page.getByLabel('Name').fill('Taro');
    await page.getByLabel('Comments').fill('from the home page');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(dialogs).toContain('Please Log in to log contacts?');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/logger?log_callsign=JA1XYZ');

    await page.getByLabel('Email').fill(station.email);
    await page.getByLabel('Password').fill(station.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(url('/logger'));
    await expect.poll(() => call.inputValue()).toBe('JA1XYZ');
    // Nothing typed before the login is lost.
    expect(await page.getByLabel('Name').inputValue()).toBe('Taro');
    expect(await page.getByLabel('SNT').inputValue()).toBe('57');
    expect(await page.getByLabel('RCV').inputValue()).toBe('53');
    expect(await page.getByLabel('Comments').inputValue()).toBe('from the home page');
    await page.getByLabel('RCV').press('Enter');
    await page.getByText('Logged JA1XYZ.').waitFor();
    const [qso] = await qsosWhenLogged(station, 1);
    expect(qso).toMatchObject({ Call: 'JA1XYZ', Name: 'Taro', SNT: '57', RCV: '53', Comment: 'from the home page' });
    // Logged: the next visit starts with an empty form.
    await page.reload();
    await expect.poll(() => page.getByLabel('Comments').inputValue()).toBe('');
    expect(await call.inputValue()).toBe('');
  }, 60_000);
});
