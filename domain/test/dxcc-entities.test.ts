import { describe, expect, it } from 'vitest';
import { dxccEntities, dxccEntity, dxccEntityLabel, dxccEntityName, isKnownDxcc } from '../src/dxcc/entities';
import { dxccDatabase } from '../src/dxcc/database';

describe('dxccEntities (the logger DXCC dropdown)', () => {
  const list = dxccEntities();

  it('lists each of the 340 current DXCC entities once, sorted by name', () => {
    expect(list).toHaveLength(340);
    expect(new Set(list.map((e) => e.adif)).size).toBe(340);
    expect(new Set(list.map((e) => `${e.adif}|${e.name}`)).size).toBe(340);
    const names = list.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.some((e) => e.adif === 0)).toBe(false);
    expect(list.every((e) => /^(AF|AN|AS|EU|NA|OC|SA)$/.test(e.cont))).toBe(true);
    expect(list.every((e) => Math.abs(e.latitude) <= 90 && Math.abs(e.longitude) <= 180 && e.cqz >= 1 && e.cqz <= 40)).toBe(true);
  });

  it('has the fields the API sends, with east-positive longitudes', () => {
    expect(dxccEntity(339)).toEqual({ adif: 339, name: 'Japan', cont: 'AS', latitude: 36.4, longitude: 138.38, cqz: 25, ituz: 45 });
    expect(dxccEntity(291)).toMatchObject({ name: 'United States of America', cont: 'NA', cqz: 5 });
    expect(dxccEntity(291)!.longitude).toBeLessThan(0);
    expect(dxccEntity(390)).toMatchObject({ name: 'Turkey', cont: 'AS' });
    expect(dxccEntity(206)).toMatchObject({ name: 'Austria' }); // not the WAE-only Vienna Intl Ctr
    expect(dxccEntity(248)).toMatchObject({ name: 'Italy' });
  });

  it('knows deleted entities by number but does not offer them', () => {
    expect(dxccEntity(81)).toBeNull();
    expect(isKnownDxcc(81)).toBe(true);
    expect(dxccEntityName(81)).toBe('GERMANY (DELETED)');
    expect(isKnownDxcc(0)).toBe(false);
    expect(isKnownDxcc(999)).toBe(false);
    expect(dxccEntity(999)).toBeNull();
    expect(dxccEntity(1.5)).toBeNull();
  });

  it('labels entries as name plus the 3-digit adif', () => {
    expect(dxccEntityLabel(dxccEntity(1)!)).toBe('Canada 001');
    expect(dxccEntityLabel(dxccEntity(291)!)).toBe('United States of America 291');
  });

  it('maps every cty.dat entity to an ADIF number, WAE-only ones to their parent', () => {
    const { cty } = dxccDatabase();
    expect(cty.entities).toHaveLength(346);
    expect(cty.entities.filter((e) => e.waeOnly).map((e) => e.primaryPrefix)).toEqual(['4U1V', 'GM/s', 'IG9', 'IT9', 'JW/b', 'TA1']);
  });
});
