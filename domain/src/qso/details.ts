/**
 * The ADIF fields a QSO holds beyond the logger's own (confirmations, references, station,
 * contest), each under its ADIF 3.1.6 name with its ADIF type. Values are kept in ADIF's own
 * canonical text (dates YYYYMMDD, enumerations upper case, numbers as plain decimals), so an
 * export writes exactly what is held and the page formats it for people.
 *
 * One rule for every way in: an import or an old event (upcast) promotes the names below from
 * `extra` when their value is valid, and keeps an invalid one in `extra` exactly as read (it is
 * never cut or dropped, decision 0033); an edit answers the invalid value with an error.
 */
import { normaliseBandName } from '../bands';
import { parseScaledDecimal } from '../frequency';
import { normaliseGridSquare } from '../maidenhead';

export type QsoDetailGroup = 'confirmations' | 'location' | 'station' | 'contest';

/** ADIF's data types, as far as these fields use them. */
export type QsoDetailType = 'enumeration' | 'date' | 'string' | 'multiline' | 'number' | 'integer' | 'grid' | 'grid-list' | 'band' | 'callsign' | 'reference';

export interface QsoDetailField {
  name: string;
  label: string;
  group: QsoDetailGroup;
  type: QsoDetailType;
  /** An enumeration's values and what each means. */
  values?: readonly (readonly [value: string, meaning: string])[];
  /** The longest value held (strings). */
  maxLength?: number;
  /** A pattern a reference must match (upper case), and an example for the message. */
  pattern?: RegExp;
  example?: string;
}

const QSL_SENT_VALUES = [['Y', 'yes'], ['N', 'no'], ['R', 'requested'], ['Q', 'queued'], ['I', 'ignore']] as const;
const QSL_RCVD_VALUES = [['Y', 'yes'], ['N', 'no'], ['R', 'requested'], ['I', 'ignore'], ['V', 'verified (deprecated)']] as const;
const QSL_VIA_VALUES = [['B', 'bureau'], ['D', 'direct'], ['E', 'electronic'], ['M', 'manager (deprecated)']] as const;
const UPLOAD_VALUES = [['Y', 'uploaded and accepted'], ['N', 'do not upload'], ['M', 'modified since upload']] as const;
const DOWNLOAD_VALUES = [['Y', 'confirmed'], ['N', 'not confirmed'], ['I', 'ignore']] as const;
const PROP_MODES = [
  ['AS', 'aircraft scatter'], ['AUE', 'aurora-E'], ['AUR', 'aurora'], ['BS', 'back scatter'], ['ECH', 'EchoLink'],
  ['EME', 'Earth-Moon-Earth'], ['ES', 'sporadic E'], ['F2', 'F2 reflection'], ['FAI', 'field aligned irregularities'],
  ['GWAVE', 'ground wave'], ['INTERNET', 'internet-assisted'], ['ION', 'ionoscatter'], ['IRL', 'IRLP'],
  ['LOS', 'line of sight'], ['MS', 'meteor scatter'], ['RPT', 'terrestrial or atmospheric repeater or transponder'],
  ['RS', 'rain scatter'], ['SAT', 'satellite'], ['TEP', 'trans-equatorial'], ['TR', 'tropospheric ducting'],
] as const;

const SOTA = /^[A-Z0-9]{1,4}\/[A-Z0-9]{2}-\d{3}$/;
const POTA = /^[A-Z0-9]{1,4}-\d{4,5}(@[A-Z0-9]{2}(-[A-Z0-9]{1,3})?)?$/;

const enumeration = (name: string, label: string, group: QsoDetailGroup, values: QsoDetailField['values']): QsoDetailField => ({ name, label, group, type: 'enumeration', values });
const date = (name: string, label: string): QsoDetailField => ({ name, label, group: 'confirmations', type: 'date' });
const text = (name: string, label: string, group: QsoDetailGroup, maxLength = 64): QsoDetailField => ({ name, label, group, type: 'string', maxLength });
const reference = (name: string, label: string, pattern: RegExp, example: string, group: QsoDetailGroup = 'location'): QsoDetailField => ({ name, label, group, type: 'reference', pattern, example, maxLength: 200 });

/** Every detail field, in the order the QSO page and the edit form show them. */
export const QSO_DETAIL_FIELDS: readonly QsoDetailField[] = [
  enumeration('QSL_SENT', 'QSL card sent', 'confirmations', QSL_SENT_VALUES),
  date('QSLSDATE', 'QSL card sent on'),
  enumeration('QSL_SENT_VIA', 'QSL card sent via', 'confirmations', QSL_VIA_VALUES),
  enumeration('QSL_RCVD', 'QSL card received', 'confirmations', QSL_RCVD_VALUES),
  date('QSLRDATE', 'QSL card received on'),
  enumeration('QSL_RCVD_VIA', 'QSL card received via', 'confirmations', QSL_VIA_VALUES),
  text('QSL_VIA', 'QSL via (manager)', 'confirmations'),
  enumeration('LOTW_QSL_SENT', 'LoTW sent', 'confirmations', QSL_SENT_VALUES),
  date('LOTW_QSLSDATE', 'LoTW sent on'),
  enumeration('LOTW_QSL_RCVD', 'LoTW confirmed', 'confirmations', QSL_RCVD_VALUES),
  date('LOTW_QSLRDATE', 'LoTW confirmed on'),
  enumeration('EQSL_QSL_SENT', 'eQSL sent', 'confirmations', QSL_SENT_VALUES),
  date('EQSL_QSLSDATE', 'eQSL sent on'),
  enumeration('EQSL_QSL_RCVD', 'eQSL confirmed', 'confirmations', QSL_RCVD_VALUES),
  date('EQSL_QSLRDATE', 'eQSL confirmed on'),
  enumeration('QRZCOM_QSO_UPLOAD_STATUS', 'QRZ Logbook upload', 'confirmations', UPLOAD_VALUES),
  date('QRZCOM_QSO_UPLOAD_DATE', 'QRZ Logbook uploaded on'),
  enumeration('QRZCOM_QSO_DOWNLOAD_STATUS', 'QRZ Logbook confirmed', 'confirmations', DOWNLOAD_VALUES),
  date('QRZCOM_QSO_DOWNLOAD_DATE', 'QRZ Logbook confirmed on'),
  enumeration('CLUBLOG_QSO_UPLOAD_STATUS', 'Club Log upload', 'confirmations', UPLOAD_VALUES),
  date('CLUBLOG_QSO_UPLOAD_DATE', 'Club Log uploaded on'),
  // ADIF has no field for Club Log's matches: ours, as an application field.
  enumeration('APP_HAMLOG_CLUBLOG_QSL_RCVD', 'Club Log matched', 'confirmations', DOWNLOAD_VALUES),
  date('APP_HAMLOG_CLUBLOG_QSLRDATE', 'Club Log matched on'),
  text('STATE', 'State', 'location', 16),
  text('CNTY', 'County', 'location', 64),
  reference('IOTA', 'IOTA', /^(AF|AN|AS|EU|NA|OC|SA)-\d{3}$/, 'EU-005'),
  reference('SOTA_REF', 'SOTA', SOTA, 'W7W/LC-001'),
  reference('POTA_REF', 'POTA', POTA, 'K-0059'),
  reference('WWFF_REF', 'WWFF', /^[A-Z0-9]{1,4}FF-\d{4}$/, 'KFF-0059'),
  text('SIG', 'Special interest group', 'location'),
  text('SIG_INFO', 'Special interest group info', 'location'),
  { name: 'VUCC_GRIDS', label: 'VUCC grids', group: 'location', type: 'grid-list' },
  { name: 'MY_GRIDSQUARE', label: 'My grid square', group: 'station', type: 'grid' },
  reference('MY_POTA_REF', 'My POTA', POTA, 'K-0059', 'station'),
  reference('MY_SOTA_REF', 'My SOTA', SOTA, 'W7W/LC-001', 'station'),
  text('MY_SIG', 'My special interest group', 'station'),
  text('MY_SIG_INFO', 'My special interest group info', 'station'),
  { name: 'STATION_CALLSIGN', label: 'Station callsign', group: 'station', type: 'callsign' },
  { name: 'OPERATOR', label: 'Operator', group: 'station', type: 'callsign' },
  { name: 'RX_PWR', label: 'Their power (W)', group: 'station', type: 'number' },
  enumeration('PROP_MODE', 'Propagation', 'station', PROP_MODES),
  text('SAT_NAME', 'Satellite', 'station', 32),
  text('SAT_MODE', 'Satellite mode', 'station', 16),
  { name: 'FREQ_RX', label: 'Receive frequency (MHz)', group: 'station', type: 'number' },
  { name: 'BAND_RX', label: 'Receive band', group: 'station', type: 'band' },
  { name: 'MY_CQ_ZONE', label: 'My CQ zone', group: 'station', type: 'integer' },
  { name: 'MY_ITU_ZONE', label: 'My ITU zone', group: 'station', type: 'integer' },
  text('MY_STATE', 'My state', 'station', 16),
  text('MY_ARRL_SECT', 'My ARRL section', 'station', 16),
  text('MY_NAME', 'My name', 'station'),
  { name: 'SRX', label: 'Serial received', group: 'contest', type: 'integer' },
  text('SRX_STRING', 'Exchange received', 'contest'),
  { name: 'STX', label: 'Serial sent', group: 'contest', type: 'integer' },
  text('STX_STRING', 'Exchange sent', 'contest'),
  text('CLASS', 'Contest class', 'contest', 16),
  text('ARRL_SECT', 'ARRL section', 'contest', 16),
  { name: 'NOTES', label: 'Notes', group: 'contest', type: 'multiline', maxLength: 4000 },
];

const BY_NAME: ReadonlyMap<string, QsoDetailField> = new Map(QSO_DETAIL_FIELDS.map((f) => [f.name, f]));

export const QSO_DETAIL_GROUPS: readonly (readonly [group: QsoDetailGroup, label: string])[] = [
  ['confirmations', 'Confirmations'],
  ['location', 'Location and references'],
  ['station', 'Station'],
  ['contest', 'Contest and notes'],
];

/** ADIF name to canonical value; only names of QSO_DETAIL_FIELDS, never an empty value. */
export type QsoDetails = Readonly<Record<string, string>>;

export function qsoDetailField(name: string): QsoDetailField | undefined {
  return BY_NAME.get(name);
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CALLSIGN = /^[A-Z0-9]{1,8}(\/[A-Z0-9]{1,8}){0,2}$/;

function canonicalDate(value: string): string | null {
  const compact = value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1$2$3');
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(compact);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (year < 1930 || month < 1 || month > 12 || day < 1 || day > MONTH_DAYS[month - 1]! || (month === 2 && day === 29 && !leap)) return null;
  return compact;
}

function canonicalNumber(value: string): string | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? String(n) : null;
}

/** A comma-separated list whose every item passes `item` (ADIF's list types). */
function canonicalList(value: string, item: (v: string) => string | null, max: number): string | null {
  const items = value.split(',').map((v) => item(v.trim()));
  if (items.length > max || items.some((v) => v === null)) return null;
  return items.join(',');
}

/**
 * A value as the field holds it, or null when ADIF does not allow it there. The value is trimmed
 * first; '' is "no value" and is answered as ''.
 */
export function canonicalDetail(field: QsoDetailField, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return '';
  switch (field.type) {
    case 'enumeration': {
      const upper = value.toUpperCase();
      return field.values!.some(([v]) => v === upper) ? upper : null;
    }
    case 'date':
      return canonicalDate(value);
    case 'string':
    case 'multiline': {
      const cleaned = field.type === 'string' ? value : value.replace(/\r\n?/g, '\n');
      return [...cleaned].length <= (field.maxLength ?? 64) ? cleaned : null;
    }
    case 'number':
      return canonicalNumber(value);
    case 'integer':
      return /^\d{1,9}$/.test(value) ? String(Number(value)) : null;
    case 'grid':
      return normaliseGridSquare(value);
    case 'grid-list':
      return canonicalList(value, (v) => (v.length === 4 ? normaliseGridSquare(v) : null), 4);
    case 'band': {
      const band = normaliseBandName(value);
      return band ?? null;
    }
    case 'callsign': {
      const upper = value.toUpperCase();
      return CALLSIGN.test(upper) ? upper : null;
    }
    case 'reference':
      return canonicalList(value.toUpperCase(), (v) => (field.pattern!.test(v) ? v : null), 20);
  }
}

/** Why a value is refused, in words, for an edit form. */
export function detailProblem(field: QsoDetailField): string {
  switch (field.type) {
    case 'enumeration':
      return `${field.label} must be one of ${field.values!.map(([v, meaning]) => `${v} (${meaning})`).join(', ')}.`;
    case 'date':
      return `${field.label} must be a date (YYYY-MM-DD).`;
    case 'string':
    case 'multiline':
      return `${field.label} must be at most ${field.maxLength ?? 64} characters.`;
    case 'number':
      return `${field.label} must be a number.`;
    case 'integer':
      return `${field.label} must be a whole number.`;
    case 'grid':
      return `${field.label} must be a Maidenhead locator such as FN31 or FN31pr.`;
    case 'grid-list':
      return `${field.label} must be two or four 4-character grid squares separated by commas, such as FN31,FN32.`;
    case 'band':
      return `${field.label} must be an ADIF band such as 20m or 70cm.`;
    case 'callsign':
      return `${field.label} must be a callsign.`;
    case 'reference':
      return `${field.label} must be a reference such as ${field.example} (several separated by commas).`;
  }
}

/**
 * Splits what a record carries beyond the logger's fields: every detail name with a valid value
 * becomes a detail; everything else (other names, invalid values) stays in extra as read.
 * A frequency as ADIF writes it (MHz) is kept to the Hz, as FREQ is.
 */
export function splitDetails(extra: Readonly<Record<string, string>> | undefined): { details?: QsoDetails; extra?: Readonly<Record<string, string>> } {
  if (!extra) return {};
  let details: Record<string, string> | undefined;
  let rest: Record<string, string> | undefined;
  for (const name in extra) {
    const raw = extra[name]!;
    const field = BY_NAME.get(name);
    const value = field ? canonicalDetail(field, name === 'FREQ_RX' ? hzText(raw) ?? '!' : raw) : null;
    if (field && value !== null) {
      if (value !== '') (details ??= {})[name] = value;
    } else (rest ??= {})[name] = raw;
  }
  return { ...(details ? { details } : {}), ...(rest ? { extra: rest } : {}) };
}

/** MHz text to the Hz it names, as MHz text again (rounded to the Hz), or null. */
function hzText(raw: string): string | null {
  const hz = parseScaledDecimal(raw.trim(), 6);
  return hz === null ? null : String(Number(hz) / 1e6);
}

export type DetailEdit = { ok: true; details: QsoDetails } | { ok: false; errors: Record<string, string[]> };

/**
 * The details an edit form sends (ADIF name to text; '' or null clears it), checked: an unknown
 * name or an invalid value is an error under its ADIF name, nothing is half-applied.
 */
export function editDetails(input: unknown): DetailEdit {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { adif: ['The adif field must be an object of ADIF fields.'] } };
  const details: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(input as Record<string, unknown>)) {
    const field = BY_NAME.get(name.toUpperCase());
    if (!field) {
      errors[name] = [`${name} is not a field a QSO holds here.`];
      continue;
    }
    if (raw === null || raw === undefined) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      errors[field.name] = [detailProblem(field)];
      continue;
    }
    const value = canonicalDetail(field, String(raw));
    if (value === null) errors[field.name] = [detailProblem(field)];
    else if (value !== '') details[field.name] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, details };
}

/** 'YYYYMMDD' as 'YYYY-MM-DD' for people; other values as they are. */
export function displayDetail(field: QsoDetailField, value: string): string {
  if (field.type === 'date' && value.length === 8) return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
  if (field.type === 'enumeration') {
    const meaning = field.values!.find(([v]) => v === value)?.[1];
    return meaning ? `${meaning[0]!.toUpperCase()}${meaning.slice(1)}` : value;
  }
  return value;
}
