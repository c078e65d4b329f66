/**
 * Events are never rewritten: when an event's shape changes, its type gets a new version and an
 * upcaster turns data stored at the old version into the new shape as the event is read, so
 * deciders and projections only ever see the current one.
 */
import { splitDetails } from './qso/details';
import type { QsoFields } from './qso/fields';

export interface Upcaster {
  type: string;
  /** The stored version it reads; it answers data at fromVersion + 1. */
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/**
 * QSO events from before details (version 1) kept every ADIF field beyond the logger's in
 * `extra`: the detail fields among them are promoted by the same rule an import follows now.
 */
function withDetails(data: unknown): unknown {
  const event = data as { fields?: QsoFields };
  if (!event.fields?.extra) return data;
  const { extra: _old, ...rest } = event.fields;
  return { ...event, fields: { ...rest, ...splitDetails(event.fields.extra) } };
}

/** Every upcaster in the product. */
export const upcasters: readonly Upcaster[] = ['QsoLogged', 'QsoUpdated', 'QsoRestored'].map((type) => ({ type, fromVersion: 1, upcast: withDetails }));

/** The version an event of `type` is written at now: one past its last upcaster's. */
export function currentEventVersions(list: readonly Upcaster[] = upcasters): ReadonlyMap<string, number> {
  const versions = new Map<string, number>();
  for (const u of list) versions.set(u.type, Math.max(versions.get(u.type) ?? 1, u.fromVersion + 1));
  return versions;
}
