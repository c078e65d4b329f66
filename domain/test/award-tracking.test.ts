/**
 * The award tracker's rules on real logs: each fixture read as the import reads it, every QSO's
 * credits summed into slots, and the cards compared with counts worked out by hand from the files'
 * own fields (a separate script over DXCC, STATE, CONT, CQZ, ITUZ, IOTA, GRIDSQUARE, VUCC_GRIDS,
 * PROP_MODE, POTA_REF, MY_POTA_REF, SOTA_REF, WWFF_REF, CALL and the QSL fields, not this code:
 * domain/test/fixtures/award-hand-count.py). Then the rules one by one on made-up QSOs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAdif } from '../src/adif';
import { adifRecordToQso } from '../src/adif/record-to-qso';
import type { AwardCard } from '../src/award-tracking/api';
import { trackedAward, TRACKED_AWARDS, type TrackedAward } from '../src/award-tracking/catalogue';
import { qsoAwardCredits, type CreditableQso } from '../src/award-tracking/credits';
import { awardCard, minimumQsos, whyText, type AwardTallyRow } from '../src/award-tracking/progress';
import { readSourceNames } from '../src/award-tracking/sources';
import { addSlotDeltas, slotConfirmed, type AwardSlotCounts, type CreditedQso, type SlotDeltas } from '../src/award-tracking/slots';
import { awardUniverse, isRetiredValue } from '../src/award-tracking/values';
import { dxccEntities } from '../src/dxcc/entities';
import { confirmedMask } from '../src/qso/confirmations';
import type { QsoDetails } from '../src/qso/details';
import type { QsoFields } from '../src/qso/fields';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'adif');

function logOf(name: string): QsoFields[] {
  const read = readAdif(new Uint8Array(readFileSync(join(FIXTURES, name))));
  return read.records.flatMap((record) => {
    const result = adifRecordToQso(record, new Date('2026-11-29T00:00:00Z'));
    return 'fields' in result ? [result.fields] : [];
  });
}

function credited(fields: CreditableQso & { details?: QsoDetails }): CreditedQso {
  return { credits: qsoAwardCredits(fields), confirmed: confirmedMask(fields.details) };
}

function slotsOf(qsos: Iterable<CreditableQso>): SlotDeltas {
  const slots: SlotDeltas = new Map();
  for (const qso of qsos) addSlotDeltas(slots, undefined, credited(qso));
  return slots;
}

/** The read model's tallies, summed here in memory. */
function tallies(slots: SlotDeltas, award: TrackedAward, sources = award.accepted): AwardTallyRow[] {
  const rows = new Map<string, AwardTallyRow>();
  for (const slot of slots.values()) {
    const counts = slot;
    if (slot.award !== award.id || slot.value.startsWith('!') || counts.qsos < minimumQsos(award)) continue;
    if (slot.band !== '' && slot.mode !== '') continue;
    const retired = isRetiredValue(slot.award, slot.value);
    const key = `${slot.band}|${slot.mode}|${retired}`;
    const row = rows.get(key) ?? { award: award.id, band: slot.band, mode: slot.mode, retired, worked: 0, confirmed: 0 };
    row.worked += 1;
    if (slotConfirmed(counts, sources)) row.confirmed += 1;
    rows.set(key, row);
  }
  return [...rows.values()];
}

function cardOf(slots: SlotDeltas, id: string): AwardCard {
  const award = trackedAward(id)!;
  return awardCard(award, [...award.accepted], tallies(slots, award));
}

const pair = (card: AwardCard) => [card.worked, card.confirmed];
const tally = (card: AwardCard, label: string) => {
  const found = card.tallies.find((t) => t.label === label);
  return found ? [found.worked, found.confirmed] : [0, 0];
};

describe('award counts on real logs, against a hand count of the files', () => {
  it("N3FJP's log of K9CTS (438 QSOs, every one with a QSL card received)", () => {
    const slots = slotsOf(logOf('N3FJP-AClogAdif.adi'));
    const dxcc = cardOf(slots, 'DXCC');
    expect(pair(dxcc)).toEqual([20, 20]);
    expect(tally(dxcc, 'CW')).toEqual([7, 7]);
    expect(tally(dxcc, 'Phone')).toEqual([9, 9]);
    expect(tally(dxcc, 'Digital')).toEqual([11, 11]);
    expect(tally(dxcc, '20m')).toEqual([13, 13]);
    expect(tally(dxcc, 'Challenge (band-entities, 160–6 m)')[1]).toBe(27);
    expect(pair(cardOf(slots, 'WAS'))).toEqual([48, 48]);
    expect(tally(cardOf(slots, 'WAS'), '20m')).toEqual([43, 43]);
    expect(pair(cardOf(slots, 'WAC'))).toEqual([4, 4]);
    expect(pair(cardOf(slots, 'WAZ'))).toEqual([15, 15]);
    expect(tally(cardOf(slots, 'WAZ'), '20m')).toEqual([10, 10]);
    expect(pair(cardOf(slots, 'ITU'))).toEqual([19, 19]);
    expect(pair(cardOf(slots, 'WPX'))).toEqual([188, 188]);
    expect(pair(cardOf(slots, 'IOTA'))).toEqual([7, 7]);
    expect(pair(cardOf(slots, 'GRIDS'))).toEqual([186, 186]);
  });

  it("Log4OM's log (122 QSOs: cards, LoTW and eQSL each confirm some)", () => {
    const slots = slotsOf(logOf('Log4OM.adi'));
    const dxcc = cardOf(slots, 'DXCC');
    expect(pair(dxcc)).toEqual([6, 5]);
    expect(tally(dxcc, '20m')).toEqual([6, 4]);
    expect(pair(cardOf(slots, 'WAS'))).toEqual([32, 26]);
    expect(pair(cardOf(slots, 'WAC'))).toEqual([2, 2]);
    expect(pair(cardOf(slots, 'WAZ'))).toEqual([6, 5]);
    expect(pair(cardOf(slots, 'ITU'))).toEqual([9, 7]);
    expect(tally(cardOf(slots, 'ITU'), '20m')).toEqual([9, 6]);
    // WPX counts eQSL too; grid squares eQSL and QRZ.
    expect(pair(cardOf(slots, 'WPX'))).toEqual([80, 55]);
    expect(pair(cardOf(slots, 'GRIDS'))).toEqual([72, 52]);
  });

  it("QRZ Logbook's export (931 QSOs; LoTW confirmed 447, eQSL 35, QRZ 533, no cards)", () => {
    const slots = slotsOf(logOf('qrz.adi'));
    const dxcc = cardOf(slots, 'DXCC');
    expect(pair(dxcc)).toEqual([27, 20]);
    expect(tally(dxcc, 'CW')).toEqual([11, 7]);
    expect(tally(dxcc, 'Phone')).toEqual([14, 9]);
    expect(tally(dxcc, 'Digital')).toEqual([12, 11]);
    expect(tally(dxcc, '20m')).toEqual([19, 13]);
    expect(tally(dxcc, 'Challenge (band-entities, 160–6 m)')[1]).toBe(27);
    expect(pair(cardOf(slots, 'WAS'))).toEqual([50, 48]);
    expect(tally(cardOf(slots, 'WAS'), '20m')).toEqual([49, 45]);
    expect(pair(cardOf(slots, 'WAC'))).toEqual([5, 4]);
    expect(pair(cardOf(slots, 'WPX'))).toEqual([286, 191]);
    expect(tally(cardOf(slots, 'WPX'), '20m')).toEqual([211, 137]);
    expect(pair(cardOf(slots, 'IOTA'))).toEqual([15, 12]);
    expect(pair(cardOf(slots, 'GRIDS'))).toEqual([280, 216]);
    expect(tally(cardOf(slots, 'GRIDS'), '20m')).toEqual([215, 155]);
  });

  it("the ADIF 3.1.6 test QSOs (6,191, a few with references): the awards of references, squares and states", () => {
    // The only fixture with POTA/SOTA/WWFF references, VUCC_GRIDS and MY_POTA_REF. Zones, WAC and
    // WPX are left to the real logs: most of these made-up QSOs carry no zone, and ours come from the call.
    const slots = slotsOf(logOf('ADIF_316_test_QSOs_2025_08_27.adi'));
    expect(pair(cardOf(slots, 'POTA'))).toEqual([7, 7]);
    // MY_POTA_REF on 7 parks on one day, a QSO each: no activation.
    expect(pair(cardOf(slots, 'POTA_ACT'))).toEqual([0, 0]);
    expect(pair(cardOf(slots, 'SOTA'))).toEqual([2, 2]);
    expect(pair(cardOf(slots, 'WWFF'))).toEqual([3, 3]);
    const vucc = cardOf(slots, 'VUCC');
    expect(pair(vucc)).toEqual([5, 0]);
    expect(['2m', '70cm', '13cm', '4mm'].map((band) => tally(vucc, band))).toEqual([[4, 0], [1, 0], [1, 0], [1, 0]]);
    expect(pair(cardOf(slots, 'GRIDS'))).toEqual([5, 0]);
    expect(pair(cardOf(slots, 'WAS'))).toEqual([50, 0]);
    expect(pair(cardOf(slots, 'IOTA'))).toEqual([1, 0]);
  });

  it('the SKCC logger\'s log (15 QSOs, none confirmed)', () => {
    const slots = slotsOf(logOf('skcc-logger.adi'));
    expect(pair(cardOf(slots, 'DXCC'))).toEqual([2, 0]);
    expect(tally(cardOf(slots, 'DXCC'), 'CW')).toEqual([2, 0]);
    expect(pair(cardOf(slots, 'WAS'))).toEqual([11, 0]);
    expect(pair(cardOf(slots, 'WPX'))).toEqual([14, 0]);
  });

  it('an award view with other sources counts only those (DXCC by LoTW alone on the N3FJP log: none)', () => {
    const slots = slotsOf(logOf('N3FJP-AClogAdif.adi'));
    const award = trackedAward('DXCC')!;
    const lotwOnly = readSourceNames('lotw').services;
    expect(awardCard(award, lotwOnly, tallies(slots, award, lotwOnly)).confirmed).toBe(0);
  });
});

const base: CreditableQso = { ts: '2026-11-20T12:00:00Z', call: 'JA1ABC', band: '20m', mode: 'CW', dxcc: 339, continent: 'AS', cqZone: 25, ituZone: 45, gridSquare: 'PM95', details: {} };

describe('what one QSO credits', () => {
  it('a contact credits its entity, continent, zones, prefix and grid square, on its band and mode group', () => {
    const credits = qsoAwardCredits(base);
    expect(credits.band).toBe('20m');
    expect(credits.modeGroup).toBe('CW');
    expect(credits.keys.sort()).toEqual(['DXCC|339', 'GRIDS|PM95', 'ITU|45', 'WAC|AS', 'WAZ|25', 'WPX|JA1'].sort());
  });

  it('WAS: a US state from STATE (DC as Maryland); another STATE or none is refused with its reason', () => {
    const us = { ...base, call: 'W1AW', dxcc: 291, continent: 'NA', cqZone: 5, ituZone: 8 };
    expect(qsoAwardCredits({ ...us, details: { STATE: 'ct' } }).keys).toContain('WAS|CT');
    expect(qsoAwardCredits({ ...us, details: { STATE: 'DC' } }).keys).toContain('WAS|MD');
    expect(qsoAwardCredits({ ...us, details: { STATE: 'PR' } }).keys).toContain('WAS|!not-a-state');
    expect(qsoAwardCredits(us).keys).toContain('WAS|!no-state');
    expect(qsoAwardCredits({ ...base, details: { STATE: 'CA' } }).keys.some((k) => k.startsWith('WAS'))).toBe(false);
  });

  it('zones come from the QSO, else from its entity', () => {
    const keys = qsoAwardCredits({ ...base, cqZone: null, ituZone: null }).keys;
    expect(keys).toContain('WAZ|25');
    expect(keys).toContain('ITU|45');
  });

  it('a repeater or internet contact credits nothing, and says so', () => {
    for (const prop of ['RPT', 'INTERNET', 'ECH', 'IRL']) {
      const keys = qsoAwardCredits({ ...base, details: { PROP_MODE: prop } }).keys;
      expect(keys).toContain('DXCC|!relay');
      expect(keys.some((key) => !key.includes('!'))).toBe(false);
    }
  });

  it('a satellite contact is in the SAT column; VUCC counts 6 m and up and satellites, with VUCC_GRIDS each', () => {
    const sat = qsoAwardCredits({ ...base, band: '2m', details: { PROP_MODE: 'SAT', SAT_NAME: 'AO-91' } });
    expect(sat.band).toBe('SAT');
    expect(sat.keys).toContain('VUCC|PM95');
    expect(qsoAwardCredits(base).keys.some((k) => k.startsWith('VUCC'))).toBe(false);
    const line = qsoAwardCredits({ ...base, band: '6m', gridSquare: '', details: { VUCC_GRIDS: 'FN31,FN32' } });
    expect(line.keys.filter((k) => k.startsWith('VUCC')).sort()).toEqual(['VUCC|FN31', 'VUCC|FN32']);
  });

  it('references: IOTA, parks (without the location part), summits, WWFF, and activations by park and UTC day', () => {
    const keys = qsoAwardCredits({ ...base, details: { IOTA: 'AS-007', POTA_REF: 'JA-0001,JA-0002@JP-13', SOTA_REF: 'JA/TK-001', WWFF_REF: 'JAFF-0001', MY_POTA_REF: 'K-0059' } }).keys;
    expect(keys).toEqual(expect.arrayContaining(['IOTA|AS-007', 'POTA|JA-0001', 'POTA|JA-0002', 'SOTA|JA/TK-001', 'WWFF|JAFF-0001', 'POTA_ACT|K-0059 2026-11-20']));
  });

  it('WPX counts portable forms by the contest rules', () => {
    expect(qsoAwardCredits({ ...base, call: 'N8BJQ/2' }).keys).toContain('WPX|N2');
    expect(qsoAwardCredits({ ...base, call: 'F/ON4XX' }).keys).toContain('WPX|F0');
  });
});

describe('slots follow every change exactly', () => {
  it('an edit that moves a QSO to another band moves its credit; a deletion takes it away; a confirmation confirms', () => {
    const slots: SlotDeltas = new Map();
    const before = credited(base);
    addSlotDeltas(slots, undefined, before);
    const moved = credited({ ...base, band: '40m' });
    addSlotDeltas(slots, before, moved);
    const live = (id: string) => (slots.get(id)?.qsos ?? 0) > 0;
    expect(live('DXCC|339|20m|')).toBe(false);
    expect(live('DXCC|339|40m|')).toBe(true);
    const confirmed = credited({ ...base, band: '40m', details: { LOTW_QSL_RCVD: 'Y' } });
    addSlotDeltas(slots, moved, confirmed);
    expect(slots.get('DXCC|339|40m|CW')?.lotw).toBe(1);
    addSlotDeltas(slots, confirmed, undefined);
    expect([...slots.values()].every((c: AwardSlotCounts) => [c.qsos, c.paper, c.lotw, c.eqsl, c.qrz, c.clublog].every((n) => n === 0))).toBe(true);
  });

  it('POTA: an activation counts from its tenth contact', () => {
    const award = trackedAward('POTA_ACT')!;
    const slots = slotsOf(Array.from({ length: 9 }, (_, i) => ({ ...base, call: `JA1A${String.fromCharCode(65 + i)}`, details: { MY_POTA_REF: 'K-0059' } })));
    expect(awardCard(award, [], tallies(slots, award)).worked).toBe(0);
    addSlotDeltas(slots, undefined, credited({ ...base, call: 'JA1ZZ', details: { MY_POTA_REF: 'K-0059' } }));
    expect(awardCard(award, [], tallies(slots, award)).worked).toBe(1);
  });
});

describe('the catalogue', () => {
  it("DXCC's total is the ARRL list's current entities; every award with a known list has it", () => {
    expect(trackedAward('DXCC')!.total).toBe(dxccEntities().length);
    for (const id of ['WAS', 'WAC', 'WAZ', 'ITU'] as const) expect(awardUniverse(id)!.length).toBe(trackedAward(id)!.total);
    expect(TRACKED_AWARDS.map((a) => a.id)).toEqual(expect.arrayContaining(['DXCC', 'WAS', 'WAC', 'WAZ', 'ITU', 'WPX', 'IOTA', 'POTA', 'POTA_ACT', 'SOTA', 'WWFF', 'VUCC']));
  });

  it('says why a value is not credited: which services confirmed it and whether the desk accepts them', () => {
    const dxcc = trackedAward('DXCC')!;
    const eqslOnly = { qsos: 2, paper: 0, lotw: 0, eqsl: 1, qrz: 0, clublog: 0 };
    expect(whyText(dxcc, eqslOnly, ['lotw', 'paper'], false)).toBe('Worked in 2 QSOs; none confirmed by LoTW or a QSL card. eQSL confirmed 1, which the ARRL desk does not accept.');
    expect(whyText(dxcc, { ...eqslOnly, lotw: 1 }, ['lotw', 'paper'], false)).toBe('Confirmed by LoTW (1).');
    expect(whyText(dxcc, undefined, ['lotw'], true)).toContain('deleted');
  });
});
