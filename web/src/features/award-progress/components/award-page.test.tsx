// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderApp, resetApp, signIn, type ApiCall } from '@/testing/app-test-kit';
import { sourcesStorageKey } from '../hooks/use-award-sources';
import { DXCC_MAP, DXCC_NEEDED, DXCC_PAGE, VUCC_MAP, VUCC_PAGE } from '../testing/fixtures';
import { AwardProgressPage, notPublic } from './award-page';

/** The award page at `at`, as the router shows it for /awards/:award. */
function renderAward(award: string, at = `/awards/${award}`) {
  return renderApp([{ path: '/awards/:award', element: <AwardProgressPage awardId={award} /> }], at);
}

/** The query of each call to `path`, as parameters. */
const queries = (calls: ApiCall[]) => calls.map((c) => new URL(c.path, 'http://x').searchParams);
const lastQuery = (api: ReturnType<typeof fakeApi>, path: string) => queries(api.callsTo('GET', path)).at(-1)!;

describe('an award’s page (/awards/:award)', () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('marks each cell confirmed (C), worked (W) or needed, in letters and words, with a legend, the bands’ counts and why', async () => {
    const api = fakeApi({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    renderAward('DXCC');
    const grid = await screen.findByRole('table');
    expect(api.calls[0]?.path).toBe('/awards/progress/DXCC?offset=0&limit=500');

    const legend = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(legend).toEqual(['CConfirmed', 'WWorked, not confirmed', 'Needed']);

    const headers = within(grid).getAllByRole('columnheader').map((h) => h.querySelector('.sr-only')?.textContent ?? h.textContent);
    expect(headers).toEqual(['Entity', 'All bands', '20m: 120 worked, 95 confirmed', '40m: 64 worked, 33 confirmed']);

    const cells = (name: RegExp) => within(within(grid).getByRole('row', { name })).getAllByRole('cell');
    const japan = cells(/Japan/);
    expect(japan.map((c) => c.textContent)).toEqual(['CConfirmed', 'CConfirmed', 'WWorked, not confirmed']);
    expect(japan.map((c) => c.className)).toEqual(['ap-cell ap-state-confirmed', 'ap-cell ap-state-confirmed', 'ap-cell ap-state-worked']);
    expect(cells(/Germany/).map((c) => c.textContent)).toEqual(['WWorked, not confirmed', 'Needed', 'WWorked, not confirmed']);
    expect(cells(/Albania/).map((c) => c.textContent)).toEqual(['Needed', 'Needed', 'Needed']);

    // The row's note, and why it is credited behind a disclosure (works on touch, no tooltip).
    const japanHeader = within(grid).getByRole('rowheader', { name: /Japan/ });
    expect(japanHeader.textContent).toContain('JA · AS');
    expect(japanHeader.querySelector('details')?.textContent).toContain('Confirmed by LoTW on 20m.');
    expect(japanHeader.querySelector('details')?.textContent).toContain('4 QSOs · confirmed by LoTW 1');

    expect(within(screen.getByRole('region', { name: 'Not credited' })).getByRole('listitem').textContent).toBe('3 QSOs not credited: made through a repeater or the internet.');
    expect(screen.getByText('Rows 1–500 of 1,234')).toBeTruthy();
  });

  it('asks for the next rows with offset, and keeps the page in the address', async () => {
    const api = fakeApi({ 'GET /awards/progress/WPX': { body: { ...DXCC_PAGE, card: { ...DXCC_PAGE.card, id: 'WPX', name: 'WPX' } } } });
    const { router } = renderAward('WPX');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/WPX').get('offset')).toBe('500'));
    expect(router.state.location.search).toBe('?offset=500');
  });

  it('switching the mode group, the status and the search changes the request and the address', async () => {
    const api = fakeApi({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    const { router } = renderAward('DXCC');
    await screen.findByRole('table');

    const mode = screen.getByRole('group', { name: 'Mode' });
    fireEvent.click(within(mode).getByRole('button', { name: 'CW' }));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('mode')).toBe('CW'));
    expect(within(mode).getByRole('button', { name: 'CW' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Needed' }));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('status')).toBe('needed'));
    expect(lastQuery(api, '/awards/progress/DXCC').get('mode')).toBe('CW');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'jap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('q')).toBe('jap'));
    expect(router.state.location.search).toBe('?mode=CW&status=needed&q=jap');
  });

  it('a link with filters opens with them (a reload keeps them)', async () => {
    const api = fakeApi({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    renderAward('DXCC', '/awards/DXCC?mode=PHONE&status=worked&q=ja&sources=lotw');
    await screen.findByRole('table');
    expect(api.calls[0]?.path).toBe('/awards/progress/DXCC?mode=PHONE&status=worked&q=ja&sources=lotw&offset=0&limit=500');
    expect((screen.getByRole('checkbox', { name: 'LoTW' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Paper card' }) as HTMLInputElement).checked).toBe(false);
  });

  it('the sources boxes start at the desk’s rules, change the sources sent, are remembered per award, and reset', async () => {
    const api = fakeApi({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    const first = renderAward('DXCC');
    await screen.findByRole('table');
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect(['LoTW', 'QRZ Logbook', 'Club Log', 'eQSL', 'Paper card'].map((name) => box(name).checked)).toEqual([true, false, false, false, true]);
    expect(lastQuery(api, '/awards/progress/DXCC').get('sources')).toBeNull();

    fireEvent.click(box('eQSL'));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('sources')).toBe('lotw,eqsl,paper'));
    expect(JSON.parse(localStorage.getItem(sourcesStorageKey('DXCC'))!)).toEqual(['lotw', 'eqsl', 'paper']);
    fireEvent.click(box('Paper card'));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('sources')).toBe('lotw,eqsl'));
    expect(first.router.state.location.search).toBe('?sources=lotw,eqsl');

    // A later visit, without sources in the address, counts what was chosen.
    first.unmount();
    renderAward('DXCC');
    await screen.findByRole('table');
    expect(lastQuery(api, '/awards/progress/DXCC').get('sources')).toBe('lotw,eqsl');
    expect(box('eQSL').checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Desk’s rules' }));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('sources')).toBeNull());
    expect(localStorage.getItem(sourcesStorageKey('DXCC'))).toBeNull();
    expect(box('eQSL').checked).toBe(false);
  });

  it('keeps at least one service ticked', async () => {
    fakeApi({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    renderAward('DXCC', '/awards/DXCC?sources=lotw');
    await screen.findByRole('table');
    expect((screen.getByRole('checkbox', { name: 'LoTW' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('the needed list gives each value’s QSOs, linked, with what each service says about them', async () => {
    const api = fakeApi({ 'GET /awards/progress/DXCC/needed': { body: DXCC_NEEDED } });
    renderAward('DXCC', '/awards/DXCC?view=needed');
    const list = await screen.findByRole('region', { name: 'Worked, not confirmed: 35 entities' });
    expect(within(list).getByRole('heading', { name: 'Fed. Rep. of Germany' })).toBeTruthy();
    const qso = within(list).getByRole('link', { name: '2026-10-30 18:22 DL1ABC' });
    expect(qso.getAttribute('href')).toBe('/qso/q-dl1abc');
    const services = within(within(list).getByRole('list', { name: 'What could confirm the QSO with DL1ABC' })).getAllByRole('listitem');
    expect(services.map((s) => s.textContent)).toEqual([
      'LoTW Uploaded to LoTW on 2026-11-02: waiting for the other station',
      'Paper card No paper card sent: queue one from the logbook',
    ]);
    expect(screen.getByText(/The first 1 are listed/)).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Band' }), { target: { value: '20m' } });
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC/needed').get('band')).toBe('20m'));
  });

  it('the grid-square map draws a rectangle per square worked, filled by its state, zoomed to them, with the fields named', async () => {
    const api = fakeApi({ 'GET /awards/progress/VUCC/map': { body: VUCC_MAP }, 'GET /awards/progress/VUCC': { body: VUCC_PAGE } });
    renderAward('VUCC', '/awards/VUCC?view=map&band=6m');
    const map = await screen.findByRole('img', { name: 'VUCC grid squares on 6m: 4 worked, 2 confirmed' });
    expect(api.callsTo('GET', '/awards/progress/VUCC/map')[0]?.path).toBe('/awards/progress/VUCC/map?band=6m');
    const squares = Array.from(map.querySelectorAll('rect[data-locator]')).map((r) => [
      r.getAttribute('data-locator'),
      r.getAttribute('data-state'),
      r.getAttribute('x'),
      r.getAttribute('y'),
      r.getAttribute('width'),
      r.getAttribute('height'),
    ]);
    // FN31: 74°W to 72°W, 41°N to 42°N (y is minus the latitude).
    expect(squares).toContainEqual(['FN31', 'confirmed', '-74', '-42', '2', '1']);
    expect(squares).toContainEqual(['FN42', 'worked', '-72', '-43', '2', '1']);
    expect(squares).toContainEqual(['EM29', 'confirmed', '-96', '-40', '2', '1']);
    expect(squares).toContainEqual(['JO22', 'worked', '4', '-53', '2', '1']);
    expect(map.querySelector('rect[data-locator="FN42"]')?.getAttribute('fill')).toMatch(/^url\(#hatch-/);
    // Zoomed to the squares: from 100°W to 8°E, with the fields FN and JO named.
    const [west, , width] = (map.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(west).toBeLessThan(-96);
    expect(west! + width!).toBeGreaterThan(6);
    expect(width).toBeLessThan(360);
    const fields = Array.from(map.querySelectorAll('.ap-field-name')).map((t) => t.textContent);
    expect(fields).toEqual(expect.arrayContaining(['FN', 'EM', 'JO']));
    expect(screen.getByRole('combobox', { name: 'Band' })).toBeTruthy();
  });

  it('the world map marks each entity at its position, by state', async () => {
    fakeApi({ 'GET /awards/progress/DXCC/map': { body: DXCC_MAP } });
    renderAward('DXCC', '/awards/DXCC?view=map');
    const map = await screen.findByRole('img', { name: 'DXCC map: 2 confirmed, 1 worked, 1 needed' });
    const marks = Array.from(map.querySelectorAll('g.ap-mark')).map((g) => [g.querySelector('title')?.textContent, g.getAttribute('class')]);
    expect(marks).toEqual([
      ['Albania: Needed', 'ap-mark ap-state-needed'],
      ['Fed. Rep. of Germany: Worked, not confirmed', 'ap-mark ap-state-worked'],
      ['Japan: Confirmed', 'ap-mark ap-state-confirmed'],
      ['Argentina: Confirmed', 'ap-mark ap-state-confirmed'],
    ]);
    expect(map.querySelector('circle')?.getAttribute('cx')).toBe('200'); // Albania, 20°E
  });

  it('Export CSV links to the credits with the sources and mode chosen', async () => {
    fakeApi({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    renderAward('DXCC', '/awards/DXCC?mode=CW&sources=lotw,qrz');
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/awards/progress/DXCC/credits.csv?mode=CW&sources=lotw,qrz');
  });

  it('reads another station’s public progress with ?callsign=, and says so when it is not shown', async () => {
    const api = fakeApi({ 'GET /awards/progress/DXCC': ({ path }) => (path.includes('K1ABC') ? { body: DXCC_PAGE } : { status: 404, body: { message: 'private' } }) });
    renderAward('DXCC', '/awards/DXCC?callsign=k1abc');
    await screen.findByRole('table');
    expect(api.calls[0]?.path).toBe('/awards/progress/DXCC?callsign=K1ABC&offset=0&limit=500');
    expect(screen.getByRole('link', { name: 'K1ABC’s page' }).getAttribute('href')).toBe('/K1ABC');
    // A choice of sources there is not remembered for one's own log.
    fireEvent.click(screen.getByRole('checkbox', { name: 'eQSL' }));
    await waitFor(() => expect(lastQuery(api, '/awards/progress/DXCC').get('sources')).toBe('lotw,eqsl,paper'));
    expect(localStorage.getItem(sourcesStorageKey('DXCC'))).toBeNull();

    resetApp();
    fakeApi({ 'GET /awards/progress/DXCC': { status: 404, body: { message: 'private' } } });
    renderAward('DXCC', '/awards/DXCC?callsign=W9XYZ');
    expect(await screen.findByText(notPublic('W9XYZ'))).toBeTruthy();
  });

  it('an award that does not exist says so', async () => {
    fakeApi({});
    renderAward('NOPE');
    expect(await screen.findByText('There is no award called “NOPE”.')).toBeTruthy();
  });
});
