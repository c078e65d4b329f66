import { describe, expect, it } from 'vitest';
import type { CloudlogStation } from '../src/cloudlog/api';
import { lookupAnswer, lookupDxcc, NOT_CONFIRMED, privateLookupAnswer } from '../src/cloudlog/lookup';
import {
  CONTACTS_ADIF_MAX_LIMIT,
  contactsAdifAnswer,
  contactsAdifCursor,
  contactsAdifLimit,
  contactsStation,
  phpInteger,
  phpNumber,
  privateLookupStations,
  wpStatsAnswer,
  wpStatsStationId,
} from '../src/cloudlog/wavelog';
import { resolveCallsign } from '../src/dxcc/resolve-callsign';

const stations: CloudlogStation[] = [
  { userId: 'main', callsign: 'W1AW', name: '', grid: '' },
  { userId: 'portable', callsign: 'W1AW/P', name: '', grid: '' },
];

describe('Wavelog’s numbers, read as PHP reads them', () => {
  it('takes what is_numeric() takes: numbers, and text of one with white space around', () => {
    for (const [value, number] of [[1, 1], ['1', 1], [' 12 ', 12], ['-5', -5], ['1.5', 1.5], ['.5', 0.5], ['1.', 1], ['1e3', 1000], ['+7', 7]] as const) {
      expect(phpNumber(value), String(value)).toBe(number);
    }
    for (const value of ['', ' ', 'abc', '12abc', '0x1A', '1 2', true, false, null, undefined, [1], { a: 1 }, Number.NaN, Infinity, '1e999']) {
      expect(phpNumber(value), JSON.stringify(value)).toBeNull();
    }
    expect(phpInteger(1.9)).toBe(1);
    expect(phpInteger(-1.9)).toBe(-1);
    expect(phpInteger(1e308)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('finds get_contacts_adif’s station by equal number, get_wp_stats’s by (int) cast', () => {
    for (const value of [1, '1', ' 1', '1.0', '01']) expect(contactsStation(stations, value)?.userId, String(value)).toBe('main');
    for (const value of ['1.5', 0, 3, 'W1AW', true, null]) expect(contactsStation(stations, value), String(value)).toBeNull();
    expect(wpStatsStationId('1.9')).toBe(1);
    expect(wpStatsStationId('x')).toBeNull();
    expect(wpStatsStationId(true)).toBeNull();
  });

  it('reads private_lookup’s station_ids: a list names stations, anything else is every station (null)', () => {
    expect(privateLookupStations(stations, ['2', 2, 9, 'x'])!.map((s) => s.userId)).toEqual(['portable']);
    expect(privateLookupStations(stations, { a: 1 })!.map((s) => s.userId)).toEqual(['main']);
    expect(privateLookupStations(stations, [])).toEqual([]);
    expect(privateLookupStations(stations, '1')).toBeNull();
    expect(privateLookupStations(stations, undefined)).toBeNull();
  });

  it('limits get_contacts_adif to Wavelog’s 20000 at most; 0 gives none', () => {
    expect(contactsAdifLimit(undefined)).toBe(CONTACTS_ADIF_MAX_LIMIT);
    expect(contactsAdifLimit('abc')).toBe(CONTACTS_ADIF_MAX_LIMIT);
    expect(contactsAdifLimit(-1)).toBe(CONTACTS_ADIF_MAX_LIMIT);
    expect(contactsAdifLimit(1e9)).toBe(CONTACTS_ADIF_MAX_LIMIT);
    expect(contactsAdifLimit('2.7')).toBe(2);
    expect(contactsAdifLimit(0)).toBe(0);
  });
});

describe('Wavelog’s answers', () => {
  it('gives get_contacts_adif’s cursor as text: the highest position, or where the client was', () => {
    expect(contactsAdifCursor(7, [])).toBe('7');
    expect(contactsAdifCursor(7, [12, 40, 31])).toBe('40');
    expect(contactsAdifAnswer('40', 2, 'adif')).toEqual({ status: 'successfull', message: 'Export successfull', lastfetchedid: '40', exported_qsos: 2, adif: 'adif' });
    expect(contactsAdifAnswer('7', 0, '')).toEqual({ status: 'successfull', message: 'No new QSOs available.', lastfetchedid: '7', exported_qsos: 0, adif: null });
  });

  it('gives get_wp_stats’s counts as text and no sub-mode as null', () => {
    expect(wpStatsAnswer({ total: 3, year: 2, modes: [{ mode: 'FT8', subMode: '', count: 2 }, { mode: 'SSB', subMode: 'USB', count: 1 }] })).toEqual({
      status: 'successful',
      message: 'Export successful',
      statistics: {
        totalalltime: [{ count: '3' }],
        totalthisyear: [{ count: '2' }],
        totalgroupedmodes: [{ count: '2', col_mode: 'FT8', col_submode: null }, { count: '1', col_mode: 'SSB', col_submode: 'USB' }],
      },
    });
  });

  it('answers private_lookup from lookup’s answer: the entity’s numbers as text, none as empty text', () => {
    const worked = { worked: true, workedBand: true, workedBandMode: false, confirmed: false, confirmedBand: false, confirmedBandMode: false };
    const finland = lookupAnswer('OH2BH', resolveCallsign('OH2BH'), null, '');
    expect(lookupDxcc(finland)).toBe(224);
    const answer = privateLookupAnswer(finland, worked, NOT_CONFIRMED);
    expect(answer).toMatchObject({ callsign: 'OH2BH', dxcc: 'Finland', dxcc_id: '224', call_worked: true, call_worked_band: true, call_worked_band_mode: false, dxcc_confirmed: false });
    expect(typeof answer.dxcc_cqz).toBe('string');
    const none = lookupAnswer('Q0ZZZ', null, null, '');
    expect(lookupDxcc(none)).toBeNull();
    expect(privateLookupAnswer(none, worked, NOT_CONFIRMED)).toMatchObject({ dxcc: '', dxcc_id: '', dxcc_lat: '' });
  });
});
