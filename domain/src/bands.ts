/** ADIF 3.1.6 bands with exact edges in Hz; edges are inclusive. Names are lower-case ('20m', '70cm'). */
import { ADIF_BANDS_TSV } from './generated/adif-bands';
import { parseKhzToHz, parseScaledDecimal } from './frequency';
import { parseTsv } from './tsv';

export interface Band {
  /** ADIF band name in its conventional lower-case form, e.g. '20m', '70cm', '1.25m', 'submm'. */
  name: string;
  lowerHz: number;
  upperHz: number;
}

let bandTable: readonly Band[] | undefined;

/** All ADIF bands, lowest first. */
export function bands(): readonly Band[] {
  bandTable ??= parseTsv(ADIF_BANDS_TSV)
    .map((row) => {
      const lower = parseScaledDecimal(row.lower_mhz ?? '', 6);
      const upper = parseScaledDecimal(row.upper_mhz ?? '', 6);
      if (!row.band || lower === null || upper === null) throw new Error(`bands.tsv: bad row ${JSON.stringify(row)}`);
      return { name: row.band.toLowerCase(), lowerHz: Number(lower), upperHz: Number(upper) };
    })
    .sort((a, b) => a.lowerHz - b.lowerHz);
  return bandTable;
}

/** The band holding a frequency in Hz (edges inclusive; where two touch, the lower band), or null. */
export function bandForHz(hz: number): string | null {
  for (const band of bands()) {
    if (hz >= band.lowerHz && hz <= band.upperHz) return band.name;
  }
  return null;
}

/** The ADIF band for a frequency in kHz, e.g. 14074 → '20m'; null outside every band. */
export function bandForFrequencyKhz(khz: number | string): string | null {
  const hz = parseKhzToHz(khz);
  return hz === null ? null : bandForHz(hz);
}

/** A band name in its conventional form ('20M' → '20m'), or null when ADIF has no such band. */
export function normaliseBandName(name: string): string | null {
  const lower = name.trim().toLowerCase();
  return bands().some((band) => band.name === lower) ? lower : null;
}
