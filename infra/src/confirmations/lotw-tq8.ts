/**
 * A signed .tq8 as TrustedQSL writes one (tqsllib's tqsl_getGABBItCERT, tqsl_getGABBItSTATION and
 * tqsl_getGABBItCONTACTData): the TQSL_IDENT line, one tCERT, one tSTATION and a tCONTACT per QSO
 * carrying SIGN_LOTW_V2.0 (base64 RSA-SHA1 over SIGNDATA) and SIGNDATA itself. Decision 0057.
 */
import { gabbiField } from './gabbi';
import type { LotwCertificate } from './lotw-certificate';
import { lotwMode } from './lotw-modes';
import { lotwSignData, SIGNATURE_FIELD } from './lotw-signdata';

export interface LotwQso {
  call: string;
  /** ADIF band, e.g. '20m'. */
  band: string;
  /** ADIF MODE and SUBMODE. */
  mode: string;
  submode?: string;
  freqMhz?: number;
  /** UTC, YYYYMMDD. */
  qsoDate: string;
  /** UTC, HHMMSS (or HHMM). */
  timeOn: string;
  /** ADIF PROP_MODE, e.g. 'SAT'. */
  propMode?: string;
  /** LoTW's satellite name, e.g. 'AO-91'. */
  satName?: string;
}

export interface LotwStation {
  callsign: string;
  /** ARRL DXCC entity number. */
  dxcc: number;
  gridsquare?: string;
  cqz?: number;
  ituz?: number;
  /** ADIF STATE of the entity (US state, Canadian province...). */
  state?: string;
  /** ADIF CNTY ('MA,Middlesex' or 'Middlesex'). */
  county?: string;
}

/** TrustedQSL's location fields for an entity's primary (and secondary) subdivision. */
const SUBDIVISIONS: Record<number, [string, string?]> = {
  291: ['US_STATE', 'US_COUNTY'],
  6: ['US_STATE', 'US_COUNTY'],
  110: ['US_STATE', 'US_COUNTY'],
  1: ['CA_PROVINCE'],
  150: ['AU_STATE'],
  318: ['CN_PROVINCE'],
  339: ['JA_PREFECTURE', 'JA_CITY_GUN_KU'],
  15: ['RU_OBLAST'],
  54: ['RU_OBLAST'],
  61: ['RU_OBLAST'],
  126: ['RU_OBLAST'],
};

export const TQ8_IDENT = 'TQSL HamLog V1.0 Lib: V2.6 Config: V11.20 AllowDupes: false';

/** The tSTATION fields in TrustedQSL's order: call, entity, grid, zones, subdivisions. */
export function stationFields(station: LotwStation): Record<string, string> {
  const fields: Record<string, string> = { CALL: station.callsign.trim().toUpperCase(), DXCC: String(station.dxcc) };
  if (station.gridsquare?.trim()) fields.GRIDSQUARE = station.gridsquare.trim();
  if (station.ituz !== undefined) fields.ITUZ = String(Math.trunc(station.ituz));
  if (station.cqz !== undefined) fields.CQZ = String(Math.trunc(station.cqz));
  const [primary, secondary] = SUBDIVISIONS[station.dxcc] ?? [];
  if (primary && station.state?.trim()) fields[primary] = station.state.trim().toUpperCase();
  // TrustedQSL keeps the county's name alone: 'MA,Middlesex' is sent as 'Middlesex'.
  const county = station.county?.split(',').at(-1)?.trim();
  if (secondary && county) fields[secondary] = county;
  return fields;
}

const isDate = (d: string) => /^\d{8}$/.test(d) && !Number.isNaN(Date.parse(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T00:00:00Z`));
const isTime = (t: string) => /^([01]\d|2[0-3])[0-5]\d([0-5]\d)?$/.test(t);

/** Why LoTW could not take this QSO, or null. */
export function lotwQsoProblem(qso: LotwQso): string | null {
  const what = `The QSO with ${qso.call || '(no call)'} on ${qso.qsoDate || '(no date)'}`;
  if (!qso.call?.trim()) return `${what} has no call.`;
  if (!qso.band?.trim()) return `${what} has no band; LoTW needs one.`;
  if (!qso.mode?.trim()) return `${what} has no mode; LoTW needs one.`;
  if (!isDate(qso.qsoDate)) return `${what} has no valid date.`;
  if (!isTime(qso.timeOn)) return `${what} has no valid time.`;
  if (qso.propMode?.toUpperCase() === 'SAT' && !qso.satName?.trim()) return `${what} was made through a satellite; LoTW needs the satellite's name.`;
  return null;
}

/** The tCONTACT fields in TrustedQSL's order (without the signature). */
export function contactFields(qso: LotwQso): Record<string, string> {
  const fields: Record<string, string> = {
    CALL: qso.call.trim().toUpperCase(),
    BAND: qso.band.trim().toUpperCase(),
    MODE: lotwMode(qso.mode, qso.submode),
  };
  if (qso.freqMhz !== undefined && Number.isFinite(qso.freqMhz) && qso.freqMhz > 0) fields.FREQ = String(Number(qso.freqMhz.toFixed(6)));
  if (qso.propMode?.trim()) fields.PROP_MODE = qso.propMode.trim().toUpperCase();
  if (qso.satName?.trim()) fields.SAT_NAME = qso.satName.trim().toUpperCase();
  const t = qso.timeOn.padEnd(6, '0');
  fields.QSO_DATE = `${qso.qsoDate.slice(0, 4)}-${qso.qsoDate.slice(4, 6)}-${qso.qsoDate.slice(6, 8)}`;
  fields.QSO_TIME = `${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`;
  return fields;
}

function record(type: string, fields: Record<string, string>): string {
  const lines = Object.entries(fields).map(([name, value]) => `${gabbiField(name, value)}\n`);
  return `${gabbiField('Rec_Type', type)}\n${lines.join('')}<eor>\n\n`;
}

/** The .tq8's text (not yet gzipped). The QSOs must have passed lotwQsoProblem. */
export function buildTq8(qsos: readonly LotwQso[], station: LotwStation, certificate: LotwCertificate): string {
  const tStation = stationFields(station);
  let out = `${gabbiField('TQSL_IDENT', TQ8_IDENT)}\n\n`;
  out += `${gabbiField('Rec_Type', 'tCERT')}\n${gabbiField('CERT_UID', '1')}\n${gabbiField('CERTIFICATE', certificate.pemBody)}<eor>\n\n`;
  out += record('tSTATION', { STATION_UID: '1', CERT_UID: '1', ...tStation });
  for (const qso of qsos) {
    const contact = contactFields(qso);
    const signData = lotwSignData(tStation, contact);
    const fields = Object.entries(contact).map(([name, value]) => `${gabbiField(name, value)}\n`);
    // The signature's base64 ends with a line break of its own, so SIGNDATA follows on the next line.
    out +=
      `${gabbiField('Rec_Type', 'tCONTACT')}\n${gabbiField('STATION_UID', '1')}\n${fields.join('')}` +
      `${gabbiField(SIGNATURE_FIELD, certificate.sign(signData), '6')}${gabbiField('SIGNDATA', signData)}\n<eor>\n\n`;
  }
  return out;
}
