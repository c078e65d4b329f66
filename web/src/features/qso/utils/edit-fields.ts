/**
 * The fields of the 'Edit all fields' form, in sections like the QSO page: the logger's own
 * (under the API's names) and every ADIF detail of the catalogue (under its ADIF name). Each
 * name is also the key of the server's 422 messages about it.
 */
import { bands } from '@hamlog/domain/bands';
import { QSO_DETAIL_FIELDS, QSO_DETAIL_GROUPS, type QsoDetailField, type QsoDetailGroup } from '@hamlog/domain/qso/details';
import {
  CALLSIGN_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTEST_NAME_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  NAME_MAX_LENGTH,
  POWER_MAX_DIGITS,
  REPORT_MAX_LENGTH,
} from '@hamlog/domain/qso/field-limits';

export type EditControl = 'text' | 'select' | 'date' | 'datetime' | 'textarea';

export interface EditOption {
  value: string;
  label: string;
}

export interface EditField {
  /** The API's field name, or the ADIF name of a detail. */
  name: string;
  label: string;
  control: EditControl;
  /** Sent inside `adif` (a detail) rather than as a field of its own. */
  detail: boolean;
  options?: readonly EditOption[];
  hint?: string;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric';
  /** Upper-case as typed (callsigns, references). */
  upper?: boolean;
}

export interface EditSection {
  id: 'contact' | QsoDetailGroup;
  label: string;
  fields: EditField[];
}

const EMPTY_CHOICE: EditOption = { value: '', label: '—' };

const text = (name: string, label: string, more: Partial<EditField> = {}): EditField => ({ name, label, control: 'text', detail: false, ...more });

const CONTINENT_OPTIONS: readonly EditOption[] = [
  EMPTY_CHOICE,
  ...[
    ['AF', 'Africa'],
    ['AN', 'Antarctica'],
    ['AS', 'Asia'],
    ['EU', 'Europe'],
    ['NA', 'North America'],
    ['OC', 'Oceania'],
    ['SA', 'South America'],
  ].map(([value, name]) => ({ value: value!, label: `${value} (${name})` })),
];

/** The logger's own fields, by the section they are shown in. */
const CONTACT_FIELDS: EditField[] = [
  text('Call', 'Call', { maxLength: CALLSIGN_MAX_LENGTH, upper: true }),
  { name: 'TS', label: 'Time (UTC)', control: 'datetime', detail: false },
  text('Freq', 'Freq (MHz)', { inputMode: 'decimal', hint: 'e.g. 14.074' }),
  text('Mode', 'Mode', { upper: true, hint: 'e.g. SSB, CW, FT8' }),
  text('SubMode', 'Sub-mode', { upper: true, hint: 'e.g. USB, FT4' }),
  text('SNT', 'Sent report', { maxLength: REPORT_MAX_LENGTH }),
  text('RCV', 'Received report', { maxLength: REPORT_MAX_LENGTH }),
  text('Power', 'Power (W)', { inputMode: 'numeric', maxLength: POWER_MAX_DIGITS }),
  text('Name', 'Name', { maxLength: NAME_MAX_LENGTH }),
  text('Comment', 'Comment', { maxLength: COMMENT_MAX_LENGTH }),
];

const ENTITY_FIELDS: EditField[] = [
  text('dxcc', 'DXCC entity', { inputMode: 'numeric', hint: 'Entity number, e.g. 291; empty finds it from the call' }),
  text('country', 'Country', { maxLength: COUNTRY_MAX_LENGTH }),
  { name: 'Continent', label: 'Continent', control: 'select', detail: false, options: CONTINENT_OPTIONS },
  text('cq_zone', 'CQ zone', { inputMode: 'numeric' }),
  text('GridSquare', 'Grid square', { hint: 'e.g. FN31pr' }),
  text('LAT', 'Latitude', { inputMode: 'decimal' }),
  text('LON', 'Longitude', { inputMode: 'decimal' }),
];

const CONTEST_FIELDS: EditField[] = [text('ContestName', 'Contest', { maxLength: CONTEST_NAME_MAX_LENGTH })];

/** An ADIF enumeration's choices: '—' (none), then 'Yes (Y)', 'Requested (R)'… */
function enumerationOptions(field: QsoDetailField): EditOption[] {
  return [EMPTY_CHOICE, ...(field.values ?? []).map(([value, meaning]) => ({ value, label: `${meaning[0]!.toUpperCase()}${meaning.slice(1)} (${value})` }))];
}

function detailEditField(field: QsoDetailField): EditField {
  const base = { name: field.name, label: field.label, detail: true, ...(field.maxLength ? { maxLength: field.maxLength } : {}) };
  switch (field.type) {
    case 'enumeration':
      return { ...base, control: 'select', options: enumerationOptions(field) };
    case 'band':
      return { ...base, control: 'select', options: [EMPTY_CHOICE, ...bands().map((b) => ({ value: b.name, label: b.name }))] };
    case 'date':
      return { ...base, control: 'date' };
    case 'multiline':
      return { ...base, control: 'textarea' };
    case 'number':
      return { ...base, control: 'text', inputMode: 'decimal' };
    case 'integer':
      return { ...base, control: 'text', inputMode: 'numeric' };
    case 'reference':
      return { ...base, control: 'text', upper: true, hint: `e.g. ${field.example ?? ''}; several separated by commas` };
    case 'grid':
      return { ...base, control: 'text', hint: 'e.g. FN31pr' };
    case 'grid-list':
      return { ...base, control: 'text', hint: 'e.g. FN31,FN32' };
    case 'callsign':
      return { ...base, control: 'text', upper: true };
    case 'string':
      return { ...base, control: 'text' };
  }
}

const BEFORE_DETAILS: Partial<Record<QsoDetailGroup, EditField[]>> = { location: ENTITY_FIELDS, contest: CONTEST_FIELDS };

/** The form's sections: the contact, then the page's detail groups (the logger's location and contest fields first in theirs). */
export const EDIT_SECTIONS: readonly EditSection[] = [
  { id: 'contact', label: 'Contact', fields: CONTACT_FIELDS },
  ...QSO_DETAIL_GROUPS.map(([group, label]) => ({
    id: group,
    label,
    fields: [...(BEFORE_DETAILS[group] ?? []), ...QSO_DETAIL_FIELDS.filter((f) => f.group === group).map(detailEditField)],
  })),
];

/** Every field, in the form's order. */
export const EDIT_FIELDS: readonly EditField[] = EDIT_SECTIONS.flatMap((s) => s.fields);
