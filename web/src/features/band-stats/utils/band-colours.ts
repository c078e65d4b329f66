/**
 * A colour per band, 160 m to 6 m (the specification names them, not their values). Mid-tone
 * hues that read on the light and the dark background alike; the band's name is always written
 * beside its bar, so the colour is never the only cue.
 */
const BAND_COLOURS: Record<string, string> = {
  '160m': '#7c3aed',
  '80m': '#2563eb',
  '60m': '#0891b2',
  '40m': '#059669',
  '30m': '#65a30d',
  '20m': '#ca8a04',
  '17m': '#ea580c',
  '15m': '#dc2626',
  '12m': '#db2777',
  '10m': '#9333ea',
  '6m': '#4f46e5',
};

const OTHER_BAND = '#64748b';

export function bandColour(band: string): string {
  return BAND_COLOURS[band.trim().toLowerCase()] ?? OTHER_BAND;
}
