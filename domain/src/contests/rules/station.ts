/** Where a contest station is, and which of a contest's groups (W/VE, DX) it is in, from its callsign. */
import { resolveCallsign, type CallsignLocation } from '../../dxcc/index';
import type { ContestRules, ExchangeField, StationGroup } from './rules';

/** ADIF DXCC numbers of the two W/VE entities (ARRL DX: the USA's 48 states and DC, Canada). */
const USA = 291;
const CANADA = 1;

const UNKNOWN: Readonly<CallsignLocation> = Object.freeze({ dxcc: 0, country: '', continent: '', cqZone: 0, ituZone: 0, lat: 0, lon: 0 });
/** Calls looked up before: a contest's logs name the same few thousand stations over and over. */
const known = new Map<string, Readonly<CallsignLocation>>();
const KNOWN_MAX = 100_000;

/** The callsign's location (shared: not to be changed), or an empty one (DXCC 0) when it cannot be resolved. */
export function contestLocationOf(call: string): Readonly<CallsignLocation> {
  let location = known.get(call);
  if (location === undefined) {
    if (known.size >= KNOWN_MAX) known.clear();
    location = Object.freeze(resolveCallsign(call) ?? UNKNOWN);
    known.set(call, location);
  }
  return location;
}

export function stationGroupOf(location: Pick<CallsignLocation, 'dxcc'>): 'w-ve' | 'dx' {
  return location.dxcc === USA || location.dxcc === CANADA ? 'w-ve' : 'dx';
}

export function inGroup(group: StationGroup, location: Pick<CallsignLocation, 'dxcc'>): boolean {
  return group === 'any' || group === stationGroupOf(location);
}

/** The exchange a station of this location sends in this contest (the first variant for its group). */
export function exchangeFieldsFor(rules: Pick<ContestRules, 'exchange'>, location: Pick<CallsignLocation, 'dxcc'>): readonly ExchangeField[] {
  return rules.exchange.find((variant) => inGroup(variant.from, location))?.fields ?? [];
}

/** Every exchange field the contest names, each once (for a logger's boxes and a log's columns). */
export function allExchangeFields(rules: Pick<ContestRules, 'exchange'>): ExchangeField[] {
  const seen = new Map<string, ExchangeField>();
  for (const variant of rules.exchange) for (const field of variant.fields) if (!seen.has(field.id)) seen.set(field.id, field);
  return [...seen.values()];
}
