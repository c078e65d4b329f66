/**
 * Cabrillo's frequency column and ADIF bands, both ways. The Cabrillo 3.0 specification writes kHz
 * below 50 MHz ('14025', or the band's edge: '1800', '3500' ...) and a designator from 50 MHz up
 * ('50', '144', '1.2G' ...); loggers also write kHz there ('50125'), which reads as well.
 */
import { bandForFrequencyKhz, bands } from '../../bands';

/** Cabrillo's designators with their ADIF bands. LIGHT has no ADIF band, so it is not here. */
const DESIGNATED_BANDS: ReadonlyMap<string, string> = new Map([
  ['50', '6m'],
  ['70', '4m'],
  ['144', '2m'],
  ['222', '1.25m'],
  ['432', '70cm'],
  ['902', '33cm'],
  ['1.2G', '23cm'],
  ['2.3G', '13cm'],
  ['3.4G', '9cm'],
  ['5.7G', '6cm'],
  ['10G', '3cm'],
  ['24G', '1.25cm'],
  ['47G', '6mm'],
  ['75G', '4mm'],
  ['122G', '2.5mm'],
  ['134G', '2mm'],
  ['241G', '1mm'],
]);

const DESIGNATOR_OF_BAND: ReadonlyMap<string, string> = new Map([...DESIGNATED_BANDS].map(([designator, band]) => [band, designator]));

const KHZ = /^\d+(\.\d+)?$/;

/** The frequency in kHz when the column gives one rather than a band designator; else null. */
export function cabrilloFreqKhz(freq: string): number | null {
  return DESIGNATED_BANDS.has(freq.toUpperCase()) || !KHZ.test(freq) ? null : Number(freq);
}

/** The ADIF band the column names; null for a frequency on no band, and for LIGHT. */
export function cabrilloFreqBand(freq: string): string | null {
  const designated = DESIGNATED_BANDS.get(freq.toUpperCase());
  if (designated !== undefined) return designated;
  return cabrilloFreqKhz(freq) === null ? null : bandForFrequencyKhz(freq);
}

/**
 * The column for a contact on an ADIF band: the band's designator from 50 MHz up; below, the
 * frequency in whole kHz when it is given and on the band, else the band's lower edge.
 */
export function cabrilloFreqOf(band: string, freqKhz?: number): string {
  const designator = DESIGNATOR_OF_BAND.get(band);
  if (designator !== undefined) return designator;
  if (freqKhz !== undefined && bandForFrequencyKhz(freqKhz) === band) return String(Math.round(freqKhz));
  const known = bands().find((candidate) => candidate.name === band);
  if (known === undefined) throw new RangeError(`${band} is not an ADIF band`);
  return String(known.lowerHz / 1000);
}
