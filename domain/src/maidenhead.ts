/** Maidenhead locators (grid squares) of 2, 4, 6 or 8 characters, e.g. FN31pr. */

const LOCATOR = /^[A-R]{2}(?:\d{2}(?:[A-X]{2}(?:\d{2})?)?)?$/;

/**
 * A locator in its conventional form (field upper-case, sub-square lower-case: 'fn31PR' → 'FN31pr'),
 * '' for empty input, or null when it is not a valid locator.
 */
export function normaliseGridSquare(input: string): string | null {
  const text = input.trim().toUpperCase();
  if (text === '') return '';
  if (!LOCATOR.test(text)) return null;
  return text.length >= 6 ? text.slice(0, 4) + text.slice(4, 6).toLowerCase() + text.slice(6) : text;
}

export function isValidGridSquare(input: string): boolean {
  const normalised = normaliseGridSquare(input);
  return normalised !== null && normalised !== '';
}

/** The centre of a locator's square in degrees (east and north positive), or null. */
export function gridSquareCenter(input: string): { lat: number; lon: number } | null {
  const grid = normaliseGridSquare(input)?.toUpperCase();
  if (!grid) return null;
  let lon = -180 + (grid.charCodeAt(0) - 65) * 20;
  let lat = -90 + (grid.charCodeAt(1) - 65) * 10;
  let lonSize = 20;
  let latSize = 10;
  if (grid.length >= 4) {
    lonSize = 2;
    latSize = 1;
    lon += Number(grid[2]) * lonSize;
    lat += Number(grid[3]) * latSize;
  }
  if (grid.length >= 6) {
    lonSize /= 24;
    latSize /= 24;
    lon += (grid.charCodeAt(4) - 65) * lonSize;
    lat += (grid.charCodeAt(5) - 65) * latSize;
  }
  if (grid.length >= 8) {
    lonSize /= 10;
    latSize /= 10;
    lon += Number(grid[6]) * lonSize;
    lat += Number(grid[7]) * latSize;
  }
  return { lat: lat + latSize / 2, lon: lon + lonSize / 2 };
}
