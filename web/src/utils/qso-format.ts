/** How QSO fields are shown, shared by every screen that lists or shows QSOs. */

/** 'SSB (LSB)' when there is a sub-mode, else 'SSB'. */
export function modeLabel(mode: string | null | undefined, subMode: string | null | undefined): string {
  const m = (mode ?? '').trim();
  const s = (subMode ?? '').trim();
  if (!s || s === m) return m;
  return m ? `${m} (${s})` : s;
}

/** '291 United States': the DXCC entity number and its name, each only when known. */
export function countryLabel(dxcc: number | null | undefined, country: string | null | undefined): string {
  const parts: string[] = [];
  if (dxcc !== null && dxcc !== undefined && dxcc > 0) parts.push(String(dxcc));
  if (country && country.trim()) parts.push(country.trim());
  return parts.join(' ');
}

/** The path of a station's public page: /{callsign} ('/' in a callsign is escaped). */
export function stationPath(callsign: string): string {
  return `/${encodeURIComponent(callsign)}`;
}
