import { describe, expect, it } from 'vitest';
import { qsoAwardCredits } from '../src/award-tracking/credits';
import { parseSotaSummits, sotaChaserPoints, SOTA_CHASES } from '../src/award-tracking/sota';

/** A few lines in the shape of SOTA's summitslist.csv (title line, header, quoted names with commas). */
const SUMMIT_LIST = [
  'SOTA Summits List (Date=29/11/2026)',
  'SummitCode,AssociationName,RegionName,SummitName,AltM,AltFt,GridRef1,GridRef2,Longitude,Latitude,Points,BonusPoints,ValidFrom,ValidTo,ActivationCount,ActivationDate,ActivationCall',
  'W7W/CH-007,"USA - Washington","WA-Chelan","Dragontail Peak",2600,8530,-120.8,47.5,-120.8,47.5,10,3,01/07/2010,31/12/2099,12,01/08/2025,W7XX',
  'G/LD-003,"England","Lake District","Helvellyn, the high one",950,3117,-3.0,54.5,-3.0,54.5,10,3,01/03/2002,31/12/2099,900,02/08/2025,G4XX',
  'HB/BE-001,"Switzerland","Bern","Old summit",4000,13123,7.9,46.5,7.9,46.5,10,3,01/01/2005,31/12/2019,5,01/01/2019,HB9XX',
  'DL/AL-001,"Germany","Allgäu","Unreadable points",2000,6561,10.0,47.4,10.0,47.4,ten,3,01/01/2005,31/12/2099,5,01/01/2019,DL1XX',
].join('\r\n');

describe('SOTA chaser points', () => {
  it("reads SOTA's summit list: points and validity per summit, quoted commas kept, unreadable lines skipped", () => {
    const list = parseSotaSummits(SUMMIT_LIST);
    expect(list.get('W7W/CH-007')).toEqual([{ points: 10, validFrom: '2010-07-01', validTo: '2099-12-31' }]);
    expect(list.get('G/LD-003')?.[0]?.points).toBe(10);
    expect(list.get('HB/BE-001')?.[0]?.validTo).toBe('2019-12-31');
    expect(list.has('DL/AL-001')).toBe(false);
    expect(() => parseSotaSummits('SummitCode,Name\nX,Y')).toThrow(/Points/);
    expect(() => parseSotaSummits('not a list')).toThrow(/SummitCode/);
  });

  it('scores each summit once per UTC day, and only while the list says it is valid', () => {
    const list = parseSotaSummits(SUMMIT_LIST);
    // Dragontail twice: either side of UTC midnight (20 points); Helvellyn once; a deleted and an unknown summit score nothing.
    expect(sotaChaserPoints(['W7W/CH-007 2025-11-30', 'w7w/ch-007 2025-12-01', 'G/LD-003 2025-08-02', 'HB/BE-001 2021-05-01', 'ZZ/ZZ-999 2025-01-01'], list)).toEqual({
      points: 30,
      unscored: 2,
    });
    expect(sotaChaserPoints(['HB/BE-001 2019-05-01'], list)).toEqual({ points: 10, unscored: 0 });
  });

  it("credits a QSO's summit per UTC day, so two QSOs with one summit on one day are one chase", () => {
    const qso = (ts: string) =>
      qsoAwardCredits({ call: 'W7XX', ts, band: '20m', mode: 'CW', dxcc: 291, continent: 'NA', cqZone: null, ituZone: null, gridSquare: '', details: { SOTA_REF: 'w7w/ch-007' } });
    const chases = (ts: string) => qso(ts).keys.filter((key) => key.startsWith(`${SOTA_CHASES}|`));
    expect(chases('2025-11-30T23:55:00Z')).toEqual([`${SOTA_CHASES}|W7W/CH-007 2025-11-30`]);
    expect(chases('2025-12-01T00:05:00Z')).toEqual([`${SOTA_CHASES}|W7W/CH-007 2025-12-01`]);
    expect(qso('2025-11-30T23:55:00Z').keys).toContain('SOTA|w7w/ch-007');
  });
});
