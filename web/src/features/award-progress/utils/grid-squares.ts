import { gridSquareCenter } from '@hamlog/domain/maidenhead';

/** A box in degrees: west and south edges, and its width and height. */
export interface GeoBox {
  lon: number;
  lat: number;
  width: number;
  height: number;
}

const SQUARE = /^[A-R]{2}\d{2}$/;
const SQUARE_WIDTH = 2;
const SQUARE_HEIGHT = 1;
const FIELD_WIDTH = 20;
const FIELD_HEIGHT = 10;

/** A 4-character locator's square (2° of longitude by 1° of latitude), or null for anything else. */
export function squareBox(locator: string): GeoBox | null {
  const square = locator.trim().toUpperCase();
  if (!SQUARE.test(square)) return null;
  const centre = gridSquareCenter(square);
  if (!centre) return null;
  return { lon: centre.lon - SQUARE_WIDTH / 2, lat: centre.lat - SQUARE_HEIGHT / 2, width: SQUARE_WIDTH, height: SQUARE_HEIGHT };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Grows a span to at least `min`, around its middle, kept inside [low, high]. */
function widen(from: number, to: number, min: number, low: number, high: number): [number, number] {
  const size = Math.min(Math.max(to - from, min), high - low);
  const start = clamp((from + to) / 2 - size / 2, low, high - size);
  return [start, start + size];
}

/**
 * The part of the world to show: the boxes with `margin` squares around them, at least one field
 * (20° by 10°) and no narrower than 1.25 times as wide as high, nor wider than twice (a phone's
 * map stays legible); the whole world when there are no boxes.
 */
export function viewAround(boxes: readonly GeoBox[], margin = 2): GeoBox {
  if (boxes.length === 0) return { lon: -180, lat: -90, width: 360, height: 180 };
  let west = Math.min(...boxes.map((b) => b.lon)) - margin * SQUARE_WIDTH;
  let east = Math.max(...boxes.map((b) => b.lon + b.width)) + margin * SQUARE_WIDTH;
  let south = Math.min(...boxes.map((b) => b.lat)) - margin * SQUARE_HEIGHT;
  let north = Math.max(...boxes.map((b) => b.lat + b.height)) + margin * SQUARE_HEIGHT;
  [west, east] = widen(west, east, FIELD_WIDTH, -180, 180);
  [south, north] = widen(south, north, FIELD_HEIGHT, -90, 90);
  [west, east] = widen(west, east, (north - south) * 1.25, -180, 180);
  [south, north] = widen(south, north, (east - west) / 2, -90, 90);
  return { lon: west, lat: south, width: east - west, height: north - south };
}

/** The fields (two letters, 20° by 10°) a view touches, each with its box. */
export function fieldsIn(view: GeoBox): { name: string; box: GeoBox }[] {
  const fields: { name: string; box: GeoBox }[] = [];
  const first = Math.floor((view.lon + 180) / FIELD_WIDTH);
  const last = Math.min(17, Math.ceil((view.lon + view.width + 180) / FIELD_WIDTH) - 1);
  const bottom = Math.floor((view.lat + 90) / FIELD_HEIGHT);
  const top = Math.min(17, Math.ceil((view.lat + view.height + 90) / FIELD_HEIGHT) - 1);
  for (let x = first; x <= last; x++) {
    for (let y = bottom; y <= top; y++) {
      const name = String.fromCharCode(65 + x) + String.fromCharCode(65 + y);
      fields.push({ name, box: { lon: -180 + x * FIELD_WIDTH, lat: -90 + y * FIELD_HEIGHT, width: FIELD_WIDTH, height: FIELD_HEIGHT } });
    }
  }
  return fields;
}

/** The multiples of `step` strictly inside (from, to): where grid lines fall. */
export function linesBetween(from: number, to: number, step: number): number[] {
  const lines: number[] = [];
  for (let at = Math.floor(from / step) * step + step; at < to; at += step) lines.push(at);
  return lines;
}

export const GRID_STEPS = { square: { lon: SQUARE_WIDTH, lat: SQUARE_HEIGHT }, field: { lon: FIELD_WIDTH, lat: FIELD_HEIGHT } } as const;
