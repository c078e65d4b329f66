import type { GlobeArc } from '@hamlog/domain/community/api-shapes';
import { dedupeByEntityId } from '@hamlog/domain/community/entity-dedupe';

/** An arc as globe.gl draws it. */
export interface ArcDatum {
  entity_id: string;
  startLat: number;
  startLng: number;
  endLat: number;
  endLng: number;
  /** The tooltip: 'W1AW → DL1ABC · 20m FT8'. */
  label: string;
}

/** The answer's arcs for globe.gl, each QSO once (by entity_id). */
export function toArcData(arcs: readonly GlobeArc[]): ArcDatum[] {
  return dedupeByEntityId(arcs).map((arc) => ({
    entity_id: arc.entity_id,
    startLat: arc.from.lat,
    startLng: arc.from.lon,
    endLat: arc.to.lat,
    endLng: arc.to.lon,
    label: `${arc.from.call} → ${arc.to.call} · ${[arc.meta.band, arc.meta.mode].filter(Boolean).join(' ')}`,
  }));
}
