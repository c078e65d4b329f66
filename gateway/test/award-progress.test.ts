/**
 * The award tracker on the embedded default with real PostgreSQL, through the API as any client
 * uses it: a real log imported gives the hand-counted cards (domain/test/award-tracking.test.ts has
 * the same numbers); a LoTW report imported confirms by LoTW; an edit that moves a QSO to another
 * band moves its credit; deleting and restoring take it away and back; the needed list names what
 * could confirm each QSO; the CSV lists what is credited; another station sees the progress only
 * once it is made public; and a rebuild of the read model from the log answers the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardCard, AwardCardsAnswer, AwardMapAnswer, AwardNeededAnswer, AwardPageAnswer } from '@hamlog/domain/award-tracking/api';
import type { LogbookAnswer } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { rebuild } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';
import { until } from './until';
import { adifFixture, importAdifText, shiftedLog } from './adif-files';




const card = (answer: AwardCardsAnswer, id: string): AwardCard => answer.cards.find((c) => c.id === id)!;
const counts = (c: AwardCard) => [c.worked, c.confirmed];
const tally = (c: AwardCard, label: string) => {
  const found = c.tallies.find((t) => t.label === label);
  return found ? [found.worked, found.confirmed] : [0, 0];
};

describe('award progress through the API', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob('K9CTS'));
  });
  afterAll(async () => {
    await t?.stop();
  });

  const cards = async (query = '') => {
    const res = await alice.get<AwardCardsAnswer>(`/awards/progress${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const page = async (award: string, query = '') => {
    const res = await alice.get<AwardPageAnswer>(`/awards/progress/${award}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('an empty log has every card at zero, and every DXCC entity needed', async () => {
    const answer = await cards();
    expect(answer.callsign).toBe('K9CTS');
    expect(answer.cards.every((c) => c.worked === 0 && c.confirmed === 0)).toBe(true);
    const dxcc = await page('DXCC', '?status=needed&limit=1');
    expect(dxcc.total_rows).toBeGreaterThan(340);
    expect(dxcc.rows).toHaveLength(1);
  });

  it("a real log imported gives the hand-counted cards at once (N3FJP's log of K9CTS)", async () => {
    const logged = await importAdifText(t.url, alice, 'n3fjp.adi', shiftedLog(await adifFixture('N3FJP-AClogAdif.adi'), 2));
    expect(logged.failed).toBe(0);
    const answer = await cards();
    const dxcc = card(answer, 'DXCC');
    expect(counts(dxcc)).toEqual([20, 20]);
    expect(tally(dxcc, 'CW')).toEqual([7, 7]);
    expect(tally(dxcc, 'Phone')).toEqual([9, 9]);
    expect(tally(dxcc, 'Digital')).toEqual([11, 11]);
    expect(tally(dxcc, '20m')).toEqual([13, 13]);
    expect(tally(dxcc, 'Challenge (band-entities, 160–6 m)')[1]).toBe(27);
    expect(counts(card(answer, 'WAS'))).toEqual([48, 48]);
    expect(counts(card(answer, 'WAC'))).toEqual([4, 4]);
    expect(counts(card(answer, 'WAZ'))).toEqual([15, 15]);
    expect(counts(card(answer, 'ITU'))).toEqual([19, 19]);
    expect(counts(card(answer, 'WPX'))).toEqual([188, 188]);
    expect(counts(card(answer, 'IOTA'))).toEqual([7, 7]);
    expect(counts(card(answer, 'GRIDS'))).toEqual([186, 186]);
  });

  it('counting LoTW alone, nothing is confirmed until the LoTW report is imported; then the report confirms', async () => {
    const none = await page('DXCC', '?sources=lotw&status=confirmed');
    expect(none.rows.map((r) => [r.label, r.why])).toEqual([]);
    const needed = await alice.get<AwardNeededAnswer>('/awards/progress/DXCC/needed?sources=lotw');
    expect(needed.status).toBe(200);
    expect(needed.body.total_values).toBe(20);
    const first = needed.body.values[0]!;
    expect(first.qsos.length).toBeGreaterThan(0);
    expect(first.qsos[0]!.services).toEqual([expect.objectContaining({ service: 'lotw', state: 'not-sent', text: expect.stringContaining('Not uploaded to LoTW') })]);

    const report = await importAdifText(t.url, alice, 'lotwreport.adi', await adifFixture('lotwreport.adi'));
    expect(report.imported ?? 0).toBe(0);
    const lotw = card(await cards('?sources=lotw'), 'DXCC');
    expect(lotw.sources).toEqual(['lotw']);
    expect(lotw.confirmed).toBe(20);
    // The page says why: confirmed by LoTW and a card.
    const row = (await page('DXCC', '?status=confirmed&sources=lotw')).rows[0]!;
    expect(row.why).toMatch(/^Confirmed by LoTW \(\d+\)\.$/);
    expect(row.confirmed_by.lotw).toBeGreaterThan(0);
    expect(row.confirmed_by.paper).toBeGreaterThan(0);
  });

  it('an edit that moves a QSO to another band moves its credit; deleting and restoring it take it away and back', async () => {
    // A contact that is the log's only one with its entity on its band.
    const before = await page('DXCC', '?status=confirmed');
    const single = before.rows.find((row) => Object.keys(row.cells).length >= 1 && row.qsos === 1)!;
    expect(single, 'an entity worked once').toBeDefined();
    const band = Object.keys(single.cells)[0]!;
    const log = await alice.post<LogbookAnswer>('/vlogbook', { size: 500 });
    const qso = log.body.logbook.find((q) => q.dxcc === Number(single.value))!;
    expect(qso.Band).toBe(band);
    const to = band === '160m' ? '80m' : '160m';
    const freq = to === '160m' ? '1840' : '3573';
    const moved = await alice.post('/vqso/update', { qdo_id: qso.qdo_id, Freq: freq, Band: to });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = (await page('DXCC', `?q=${encodeURIComponent(single.label)}`)).rows.find((row) => row.value === single.value)!;
    expect(after.cells).toEqual({ [to]: 'C' });
    const columns = (await page('DXCC')).columns;
    expect(columns.find((c) => c.band === to)!.worked).toBe((before.columns.find((c) => c.band === to)?.worked ?? 0) + 1);

    const worked = card(await cards(), 'DXCC').worked;
    expect((await alice.post('/vqso/nuke', { qdo_id: qso.qdo_id })).status).toBe(200);
    expect(card(await cards(), 'DXCC').worked).toBe(worked - 1);
    expect((await page('DXCC', `?q=${encodeURIComponent(single.label)}`)).rows.find((r) => r.value === single.value)!.state).toBe('needed');
    expect((await alice.post('/vqso/restore', { qdo_id: qso.qdo_id })).status).toBe(200);
    expect(card(await cards(), 'DXCC').worked).toBe(worked);
  });

  it('the credited list as CSV: a line per confirmed entity', async () => {
    const res = await fetch(`${t.url}/api/awards/progress/DXCC/credits.csv`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Award,Value,Name,Note,QSOs,Confirmed by,Bands confirmed');
    expect(lines).toHaveLength(1 + card(await cards(), 'DXCC').confirmed);
    expect(lines.slice(1).every((line) => line.startsWith('DXCC,'))).toBe(true);
  });

  it('the maps: every current entity with its state and position; grid squares by band', async () => {
    const map = await alice.get<AwardMapAnswer>('/awards/progress/DXCC/map');
    expect(map.status).toBe(200);
    const { confirmed, worked, needed } = map.body.states;
    expect(confirmed.length + worked.length + needed.length).toBe(340);
    expect(confirmed.length + worked.length).toBe(card(await cards(), 'DXCC').worked);
    expect(confirmed).toHaveLength(card(await cards(), 'DXCC').confirmed);
    expect(map.body.places).toHaveLength(340);
    expect(map.body.places.find((place) => place.value === '291')).toMatchObject({ label: 'United States of America' });
    const grids = await alice.get<AwardMapAnswer>('/awards/progress/GRIDS/map?band=20m');
    expect(grids.body.band).toBe('20m');
    expect(grids.body.places).toEqual([]);
    expect(grids.body.states.needed).toEqual([]);
    const gridCard = card(await cards(), 'GRIDS').tallies.find((x) => x.label === '20m')!;
    expect(grids.body.states.confirmed.length + grids.body.states.worked.length).toBe(gridCard.worked);
    expect(grids.body.states.confirmed.length).toBe(gridCard.confirmed);
    expect(grids.body.states.worked.every((square) => /^[A-R]{2}\d\d$/i.test(square))).toBe(true);
  });

  it('refuses what it cannot answer, in words; numbers may come as text', async () => {
    expect((await alice.get('/awards/progress/NOPE')).status).toBe(404);
    expect((await alice.get('/awards/progress/DXCC?sources=lotw,fax')).status).toBe(422);
    expect((await alice.get('/awards/progress/DXCC?mode=FM')).status).toBe(422);
    expect((await alice.get('/awards/progress/VUCC?mode=CW')).status).toBe(422);
    expect((await alice.get('/awards/progress/DXCC?limit=0')).status).toBe(422);
    expect((await alice.get('/awards/progress/DXCC?status=maybe')).status).toBe(422);
    expect((await alice.get<AwardPageAnswer>('/awards/progress/DXCC?limit=5&offset=2')).body.rows).toHaveLength(5);
    expect((await new ApiClient(t.url).get('/awards/progress')).status).toBe(401);
  });

  it('another station reads the progress only once it is made public', async () => {
    expect((await bob.get('/awards/progress?callsign=K9CTS')).status).toBe(404);
    const made = await alice.post('/vupdateprofile', { name: 'Greg', email: 'alice@example.com', qth: 'Ellsworth, WI', grid: 'EN34qu', show_award_progress: '1' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const shown = await until(() => bob.get<AwardCardsAnswer>('/awards/progress?callsign=k9cts'), (res) => res.status === 200);
    expect(shown.body.callsign).toBe('K9CTS');
    expect(card(shown.body, 'DXCC').worked).toBe(card(await cards(), 'DXCC').worked);
    expect((await new ApiClient(t.url).get('/awards/progress/WAS?callsign=K9CTS')).status).toBe(200);
  });

  it('a rebuild of the read model from the log gives the same answers', async () => {
    const all = async () => [await cards(), await page('DXCC'), await page('WPX', '?limit=500'), await page('VUCC'), await page('WAS', '?mode=CW')];
    // The rows too: counts moved live by edits, confirmations and deletions, none left at 0.
    const rows = async () => {
      const pool = createPool(t.db.url, 1);
      try {
        const slots = await pool.query('SELECT * FROM rm_award_slots ORDER BY station_user_id, award, mode, band, value');
        const tallies = await pool.query('SELECT * FROM rm_award_tallies ORDER BY station_user_id, award, mode, band, retired, confirmed_by');
        return { slots: slots.rows, tallies: tallies.rows };
      } finally {
        await pool.end();
      }
    };
    const before = await all();
    const stored = await rows();
    expect(stored.tallies.length).toBeGreaterThan(0);
    expect(stored.slots.filter((slot: { qsos: number }) => slot.qsos <= 0)).toEqual([]);
    expect(stored.tallies.filter((tally: { value_count: number }) => tally.value_count <= 0)).toEqual([]);
    await rebuild(t, ['award-progress']);
    expect(await all()).toEqual(before);
    expect(await rows()).toEqual(stored);
  });
});
