/** The DXCC entity list (the logger's DXCC dropdown, and filling a QSO from a chosen entity). */
import type { DxccEntityOption } from '../api-types';
import { dxccDatabase, dxccNameOf } from './database';

/** A DXCC entity: what POST vdxcc-entity-distinct/ sends, and its ITU zone. */
export interface DxccEntity extends DxccEntityOption {
  ituz: number;
}

let list: readonly DxccEntity[] | undefined;

function entityFor(adif: number): DxccEntity | null {
  const { ctyEntityByAdif, arrlByAdif } = dxccDatabase();
  const cty = ctyEntityByAdif.get(adif);
  const arrl = arrlByAdif.get(adif);
  if (!cty || !arrl || arrl.deleted || adif === 0) return null;
  return { adif, name: dxccNameOf(adif, cty), cont: cty.continent, latitude: cty.lat, longitude: cty.lon, cqz: cty.cqZone, ituz: cty.ituZone };
}

/**
 * The current DXCC entities (the ARRL list without deleted ones), each once — de-duplicated by adif
 * and name — with cty.dat's name, continent, position and CQ zone; sorted by name.
 */
export function dxccEntities(): readonly DxccEntity[] {
  if (!list) {
    const seen = new Set<string>();
    const entities: DxccEntity[] = [];
    for (const adif of dxccDatabase().arrlByAdif.keys()) {
      const entity = entityFor(adif);
      if (!entity || seen.has(`${entity.adif}|${entity.name}`)) continue;
      seen.add(`${entity.adif}|${entity.name}`);
      entities.push(entity);
    }
    list = entities.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.adif - b.adif);
  }
  return list;
}

/** A current DXCC entity by ADIF number, or null (unknown, deleted, or 0). */
export function dxccEntity(adif: number): DxccEntity | null {
  return Number.isInteger(adif) ? entityFor(adif) : null;
}

/** Any ADIF DXCC number on the ARRL list, deleted entities included (0 is 'none'). */
export function isKnownDxcc(adif: number): boolean {
  return adif > 0 && dxccDatabase().arrlByAdif.has(adif);
}

/** The entity's name: cty.dat's for current entities, the ARRL list's for deleted ones; null if unknown. */
export function dxccEntityName(adif: number): string | null {
  if (!isKnownDxcc(adif)) return null;
  const cty = dxccDatabase().ctyEntityByAdif.get(adif);
  return cty ? dxccNameOf(adif, cty) : (dxccDatabase().arrlByAdif.get(adif)?.name ?? null);
}

/** The logger's dropdown label: name plus the 3-digit zero-padded ADIF number, e.g. 'Japan 339'. */
export function dxccEntityLabel(entity: Pick<DxccEntity, 'adif' | 'name'>): string {
  return `${entity.name} ${String(entity.adif).padStart(3, '0')}`;
}
