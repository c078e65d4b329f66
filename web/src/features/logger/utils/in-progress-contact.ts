/**
 * The contact being typed, stored locally under the spec's keys (section 3) so a reload, or a
 * visitor who logs in half-way through, loses nothing typed. Stored while a valid call is on the
 * form; removed when the form is cleared, logged, saved or deleted (the call is then empty).
 */
import { isValidCall, normalizeCall, sanitizeName } from './fields';

export const CONTACT_KEYS = {
  call: 'callsign',
  name: 'name',
  snt: 'snt',
  rcv: 'rcv',
  comment: 'comment',
} as const;

export interface InProgressContact {
  call: string;
  name: string;
  snt: string;
  rcv: string;
  comment: string;
}

type Read = (key: string) => string | null;

/** The stored contact, or null when none was stored (or its call is not a valid one). */
export function readInProgressContact(read: Read): InProgressContact | null {
  const call = normalizeCall(read(CONTACT_KEYS.call) ?? '');
  if (!isValidCall(call)) return null;
  return {
    call,
    name: sanitizeName(read(CONTACT_KEYS.name) ?? ''),
    snt: read(CONTACT_KEYS.snt) ?? '',
    rcv: read(CONTACT_KEYS.rcv) ?? '',
    comment: read(CONTACT_KEYS.comment) ?? '',
  };
}

/** What to store for the form's contact: its fields, or null (remove) for each key when there is no contact. */
export function inProgressEntries(contact: InProgressContact): [string, string | null][] {
  const keep = isValidCall(normalizeCall(contact.call));
  return (Object.keys(CONTACT_KEYS) as (keyof InProgressContact)[]).map((field) => [CONTACT_KEYS[field], keep ? contact[field] : null]);
}
