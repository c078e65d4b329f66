/**
 * A contest scored by its organiser's own rules (issue 23), on the embedded default with real
 * PostgreSQL: Bob creates it over the API with rules built from the pieces, K9CTS logs contacts
 * with their exchange (an ADIF import with SRX/STX/STATE, and one through /vqso/upsert's ADIF
 * fields), and its log is scored by those rules (hand-scored below); the spec reads back on the
 * contest, survives an update, and bad pieces are refused field by field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOM_BANDS_INVALID,
  customMultiplierNeedsField,
  readCabrillo,
  type AdifImportAnswer,
  type ContestAnswer,
  type ContestLogAnswer,
  type CustomRulesSpec,
  type UpsertAnswer,
} from '@hamlog/domain';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';
import { until } from './until';

/** RST, serial and state; 1 point in one's own country, 2 on one's continent, 3 beyond; states per band and entities once. */
const SPEC: CustomRulesSpec = {
  name: 'Club States Sprint',
  cabrillo_name: 'CLUB-STATES',
  bands: ['40m', '20m'],
  modes: ['CW'],
  exchange: [
    { kind: 'rst', label: 'RST' },
    { kind: 'serial', label: 'Nr' },
    { kind: 'state-province', label: 'State' },
  ],
  points: [{ modes: 'all', same_country: 1, same_continent: 2, other_continent: 3 }],
  multipliers: [
    { kind: 'state-province', per: 'band' },
    { kind: 'dxcc', per: 'contest' },
  ],
  dupes: 'band',
};

const adifRecord = (fields: Record<string, string>): string => `${Object.entries(fields).map(([name, value]) => `<${name}:${value.length}>${value}`).join(' ')} <EOR>\n`;

/** K9CTS (USA) in the sprint, 7 March 2026 18:00-20:00 UTC: each contact worked out by hand. */
const CONTACTS: Record<string, string>[] = [
  { CALL: 'W1AW', TIME_ON: '180100', BAND: '20m', FREQ: '14.025', SRX: '1', STX: '1', STATE: 'CT' }, // own country 1; CT on 20m, USA
  { CALL: 'K6ABC', TIME_ON: '180300', BAND: '20m', FREQ: '14.026', SRX: '5', STX: '2', STATE: 'CA' }, // 1; CA on 20m
  { CALL: 'W1AW', TIME_ON: '180500', BAND: '40m', FREQ: '7.025', SRX: '2', STX: '3', STATE: 'CT' }, // 1; CT on 40m
  { CALL: 'DL1ABC', TIME_ON: '181000', BAND: '20m', FREQ: '14.027', SRX: '17', STX: '4' }, // other continent 3; Germany
  { CALL: 'W1AW', TIME_ON: '181500', BAND: '20m', FREQ: '14.028', SRX: '3', STX: '5', STATE: 'CT' }, // dupe on 20m
  { CALL: 'JA1ABC', TIME_ON: '182000', BAND: '15m', FREQ: '21.030', SRX: '8', STX: '6' }, // 15 m: not a band of the sprint
];
// And through /vqso/upsert: VE3ABC on 20m, Ontario: same continent 2; ON on 20m, Canada.
const POINTS = 1 + 1 + 1 + 3 + 0 + 2;
const STATES = 4; // 20m: CT, CA, ON; 40m: CT
const ENTITIES = 3; // USA, Germany, Canada

describe("a contest scored by its organiser's own rules", () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let contestId = '';

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob('K9CTS'));
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('refuses pieces the scorer cannot score, each under its field', async () => {
    const res = await bob.post<{ errors: Record<string, string[]> }>('/vcontest/create', {
      name: 'Broken Sprint',
      starts_at: '2026-03-07T18:00:00Z',
      ends_at: '2026-03-07T20:00:00Z',
      rules: 'CUSTOM',
      custom_rules: { ...SPEC, bands: [], exchange: SPEC.exchange.slice(0, 2) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'custom_rules.bands': [CUSTOM_BANDS_INVALID], 'custom_rules.multipliers.0.kind': [customMultiplierNeedsField('States and provinces', 'State/Prov')] });
  });

  it('creates the contest with its rules, and answers them with it', async () => {
    const res = await bob.post<ContestAnswer>('/vcontest/create', { name: 'Club States Sprint', starts_at: '2026-03-07T18:00:00Z', ends_at: '2026-03-07T20:00:00Z', rules: 'custom', custom_rules: SPEC });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.contest).toMatchObject({ rules: 'CUSTOM', custom_rules: SPEC });
    contestId = res.body.contest.id;
    // A resend (its spec read back from the event store in another key order) finds the same contest.
    const again = await bob.post<ContestAnswer>('/vcontest/create', { name: 'Club States Sprint', starts_at: '2026-03-07T18:00:00Z', ends_at: '2026-03-07T20:00:00Z', rules: 'CUSTOM', custom_rules: SPEC });
    expect([again.status, again.body.contest.id]).toEqual([200, contestId]);
    // The organiser's list reads it back from the read model, spec and all.
    const mine = await until(() => bob.get<{ contests: ContestAnswer['contest'][] }>('/vcontests?mine=1'), (r) => r.body.contests?.length === 1);
    expect(mine.body.contests[0]).toMatchObject({ id: contestId, rules: 'CUSTOM', custom_rules: SPEC });
  });

  it("scores a station's contacts by the custom rules: points by relation, states per band, entities once", async () => {
    const records = CONTACTS.map((c) => adifRecord({ ...c, QSO_DATE: '20260307', MODE: 'CW', RST_SENT: '599', RST_RCVD: '599' }));
    const form = new FormData();
    form.append('adif_file', new Blob([`sprint\n<EOH>\n${records.join('')}`]), 'sprint.adi');
    const imported = await fetch(`${t.url}/api/vimportadif`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: form });
    const report = (await imported.json()) as AdifImportAnswer;
    expect([imported.status, report.imported, report.failed]).toEqual([200, CONTACTS.length, 0]);
    const logged = await alice.post<UpsertAnswer>('/vqso/upsert', {
      data: { Call: 'VE3ABC', TS: '2026-03-07T18:30:00Z', Freq: '14030', Mode: 'CW', SNT: '599', RCV: '579', adif: { SRX: '9', STX: '7', STATE: 'ON' } },
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);

    const res = await until(() => alice.get<ContestLogAnswer>(`/vcontest/${contestId}/log`), (r) => r.status !== 200 || r.body.qsos.length === CONTACTS.length);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = res.body;
    expect(log.rules).toMatchObject({ cabrillo_name: 'CLUB-STATES', name: 'Club States Sprint', bands: ['40m', '20m'], modes: ['CW'] });
    expect(log.qsos.map((q) => [q.call, q.band, q.points])).toEqual([
      ['W1AW', '20m', 1],
      ['K6ABC', '20m', 1],
      ['W1AW', '40m', 1],
      ['DL1ABC', '20m', 3],
      ['W1AW', '20m', 0],
      ['VE3ABC', '20m', 2],
    ]);
    expect(log.qsos[0]).toMatchObject({ sent: { rst: '599', serial: '1' }, received: { rst: '599', serial: '1', 'state-province': 'CT' }, new_multipliers: ['States and provinces CT (20m)', 'DXCC entities United States of America'] });
    expect(log.qsos[4]).toMatchObject({ dupe: true, counts: false, problem: 'Worked before on this band' });
    expect(log.qsos[5]).toMatchObject({ received: { rst: '579', serial: '9', 'state-province': 'ON' }, new_multipliers: ['States and provinces ON (20m)', 'DXCC entities Canada'] });
    expect(log.left_out).toBe(1);
    expect(log.score).toMatchObject({ qsos: 5, dupes: 1, points: POINTS, multiplierTotal: STATES + ENTITIES, score: POINTS * (STATES + ENTITIES) });
    expect(POINTS * (STATES + ENTITIES)).toBe(56);

    // Its Cabrillo names the custom contest.
    const cabrillo = await fetch(`${t.url}/api/vcontest/${contestId}/cabrillo`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(cabrillo.status).toBe(200);
    const read = readCabrillo(await cabrillo.text());
    expect(read.log.contest).toBe('CLUB-STATES');
    expect(read.log.qsos).toHaveLength(6);
  });

  it('changes the rules on an update and scores by the new ones; back to built-in rules drops the spec', async () => {
    const changed = await bob.post<ContestAnswer>('/vcontest/update', { contest_id: contestId, custom_rules: { ...SPEC, dupes: 'contest' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.contest.custom_rules?.dupes).toBe('contest');
    // Once per contest: W1AW on 40m is now a dupe too.
    const res = await until(() => alice.get<ContestLogAnswer>(`/vcontest/${contestId}/log`), (r) => r.body.score?.dupes === 2);
    expect(res.body.score).toMatchObject({ qsos: 4, dupes: 2, points: POINTS - 1, multiplierTotal: STATES - 1 + ENTITIES });

    const renamed = await bob.post<ContestAnswer>('/vcontest/update', { contest_id: contestId, name: 'Club States Sprint II' });
    expect(renamed.body.contest).toMatchObject({ name: 'Club States Sprint II', rules: 'CUSTOM', custom_rules: { ...SPEC, dupes: 'contest' } });
    const builtIn = await bob.post<ContestAnswer>('/vcontest/update', { contest_id: contestId, rules: 'HAMLOG-SPRINT' });
    expect(builtIn.body.contest.rules).toBe('HAMLOG-SPRINT');
    expect(builtIn.body.contest).not.toHaveProperty('custom_rules');
    const mine = await until(() => bob.get<{ contests: ContestAnswer['contest'][] }>('/vcontests?mine=1'), (r) => r.body.contests?.[0]?.rules === 'HAMLOG-SPRINT');
    expect(mine.body.contests[0]).not.toHaveProperty('custom_rules');
  });
});
