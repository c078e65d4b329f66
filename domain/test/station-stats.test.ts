import { describe, expect, it } from 'vitest';
import { compareBands, stationStatsAnswer, stationStatsCountsOf, statsKeysOf } from '../src/stats/station-stats';

const qso = (over: Partial<Parameters<typeof statsKeysOf>[0]> = {}) => ({
  ts: new Date('2024-05-15T13:45:00Z'),
  band: '20m',
  mode: 'SSB',
  subMode: '',
  continent: 'EU',
  dxcc: 230,
  ...over,
});

describe('station statistics (domain)', () => {
  it('counts a QSO under its band, mode (the sub-mode first), continent, UTC year and hour, and entity per band', () => {
    expect(statsKeysOf(qso({ mode: 'MFSK', subMode: 'FT4' }))).toEqual(['band:20m', 'mode:FT4', 'continent:EU', 'year:2024', 'hour:13', 'dxcc:230:20m']);
    expect(statsKeysOf(qso({ dxcc: 0, continent: '' }))).toEqual(['band:20m', 'mode:SSB', 'continent:', 'year:2024', 'hour:13']);
    // No continent of its own: the entity's (Japan, AS).
    expect(statsKeysOf(qso({ dxcc: 339, continent: undefined }))).toContain('continent:AS');
  });

  it('orders bands by frequency, lowest first, unknown names last', () => {
    expect(['2m', '20m', 'weird', '160m', '70cm', '40m'].sort(compareBands)).toEqual(['160m', '40m', '20m', '2m', '70cm', 'weird']);
  });

  it('answers every chart from the counters: years with the gaps filled, 24 hours, 7 continents, unknown last', () => {
    const answer = stationStatsAnswer(
      stationStatsCountsOf([
        qso({ ts: new Date('2019-01-01T00:00:00Z'), band: '40m' }),
        qso({ ts: new Date('2021-06-01T23:00:00Z'), continent: '', dxcc: 0, mode: 'CW' }),
        qso(),
      ]),
    );
    expect(answer.total).toBe(3);
    expect(answer.years).toEqual([
      { year: 2019, count: 1 },
      { year: 2020, count: 0 },
      { year: 2021, count: 1 },
      { year: 2022, count: 0 },
      { year: 2023, count: 0 },
      { year: 2024, count: 1 },
    ]);
    expect(answer.hours).toHaveLength(24);
    expect(answer.hours[23]).toEqual({ hour: 23, count: 1 });
    expect(answer.continents.map((c) => c.continent)).toEqual(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA', '']);
    expect(answer.bands).toEqual([{ band: '40m', count: 1 }, { band: '20m', count: 2 }]);
    expect(answer.modes).toEqual([{ mode: 'SSB', count: 2 }, { mode: 'CW', count: 1 }]);
  });

  it('lists a deleted DXCC entity but leaves it out of the entities worked', () => {
    const answer = stationStatsAnswer(stationStatsCountsOf([qso({ dxcc: 8, band: '20m' }), qso({ dxcc: 230, band: '40m' }), qso({ dxcc: 230, band: '20m' })]));
    expect(answer.dxcc.entities.map((e) => [e.dxcc, e.deleted, e.count])).toEqual([
      [8, true, 1],
      [230, false, 2],
    ]);
    expect(answer.dxcc.worked).toBe(1);
    expect(answer.dxcc.bands).toEqual([{ band: '40m', worked: 1 }, { band: '20m', worked: 1 }]);
  });

  it('answers an empty log with zeros, and ignores counters at zero', () => {
    const answer = stationStatsAnswer([{ key: 'band:20m', count: 0 }]);
    expect(answer).toMatchObject({ total: 0, bands: [], modes: [], years: [], dxcc: { worked: 0, bands: [], entities: [] } });
  });
});
