/**
 * The globe's arcs (community.md §3 'Globe arc record'): from the station to the station worked.
 * Server only: it resolves callsigns against the DXCC data, which the client never loads.
 */
import { dxccEntity } from '../dxcc/entities';
import { resolveCallsign } from '../dxcc/resolve-callsign';
import { gridSquareCenter, normaliseGridSquare } from '../maidenhead';
import type { GlobeArc, GlobePoint } from './api-shapes';
import { dedupeByEntityId } from './entity-dedupe';

/** The arcs GET /api/globe/arcs answers at most: the newest this many live QSOs (liveQsoWindow) with both ends placed. */
export const GLOBE_ARCS_MAX = 200;

/** A live QSO as the read model has it, with its station's grid from the profile ('' when unset). */
export interface GlobeArcSource {
  qdoId: string;
  /** The QSO's own time (ISO 8601 UTC). */
  qsoAt: string;
  stationCallsign: string;
  stationGrid: string;
  call: string;
  band: string;
  mode: string;
  /** The QSO's own position (LAT/LON), when it has one. */
  lat: number | null;
  lon: number | null;
  dxcc: number;
  country: string;
}

function placed(lat: number | null | undefined, lon: number | null | undefined): lat is number {
  return typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon)
    && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** The station: its profile's grid square, else its callsign's DXCC entity; null when neither places it. */
function stationPoint(source: GlobeArcSource): GlobePoint | null {
  const grid = gridSquareCenter(source.stationGrid);
  if (grid) return { lat: grid.lat, lon: grid.lon, call: source.stationCallsign, label: normaliseGridSquare(source.stationGrid) ?? '' };
  const entity = resolveCallsign(source.stationCallsign);
  if (!entity || entity.dxcc === 0 || !placed(entity.lat, entity.lon)) return null;
  return { lat: entity.lat, lon: entity.lon, call: source.stationCallsign, label: entity.country };
}

/** The station worked: the QSO's LAT/LON, else its DXCC entity's position; null when neither places it. */
function workedPoint(source: GlobeArcSource): GlobePoint | null {
  if (placed(source.lat, source.lon)) return { lat: source.lat, lon: source.lon!, call: source.call, label: source.country };
  const entity = dxccEntity(source.dxcc);
  if (!entity || !placed(entity.latitude, entity.longitude)) return null;
  return { lat: entity.latitude, lon: entity.longitude, call: source.call, label: source.country || entity.name };
}

/** One QSO's arc, or null when an end cannot be placed. */
export function globeArcOf(source: GlobeArcSource): GlobeArc | null {
  const from = stationPoint(source);
  const to = from && workedPoint(source);
  if (!from || !to) return null;
  return { entity_id: source.qdoId, from, to, meta: { band: source.band, mode: source.mode, created_at: source.qsoAt } };
}

/** The arcs of QSOs (newest first) that can be placed at both ends, once per QSO, at most `limit`. */
export function globeArcs(sources: readonly GlobeArcSource[], limit = GLOBE_ARCS_MAX): GlobeArc[] {
  const arcs: GlobeArc[] = [];
  for (const source of sources) {
    const arc = globeArcOf(source);
    if (arc) arcs.push(arc);
  }
  return dedupeByEntityId(arcs).slice(0, limit);
}
