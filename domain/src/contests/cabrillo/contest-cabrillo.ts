/**
 * A station's scored contest log (contest-log.ts) as the Cabrillo 3.0 file its sponsor takes: the
 * header with its category and claimed score, a QSO line per contact in the log (dupes too: the
 * sponsor's checker marks them), the exchange in the contest's order.
 */
import type { CallsignLocation } from '../../dxcc/index';
import type { ContestLogAnswer, ContestLogQso } from '../rules/api';
import type { ContestRules, ExchangeField } from '../rules/rules';
import { contestLocationOf, exchangeFieldsFor } from '../rules/station';
import { entryToCabrilloQso } from './cabrillo-entry';
import { emptyCabrilloLog, type CabrilloLog } from './cabrillo-log';

/** What a value nobody logged is written as: Cabrillo has no empty column. */
const NOT_LOGGED = '-';

/** A logged value as one Cabrillo column: words joined ('JOHN SMITH' → 'JOHN-SMITH'); '' when there is none. */
const column = (value: string | undefined): string => value?.trim().replace(/\s+/g, '-') || '';

/** The RST every contest station gives: 59 on phone, 599 otherwise. */
const contestRst = (qso: ContestLogQso): string => (qso.mode === 'PH' || qso.mode === 'FM' ? '59' : '599');

/** The value sent for a field the contact does not hold: a contest RST, the station's own zone, the contact's serial. */
function sentDefault(field: ExchangeField, qso: ContestLogQso, ordinal: number, mine: CallsignLocation): string {
  switch (field.kind) {
    case 'rst':
      return contestRst(qso);
    case 'cq-zone':
      return mine.cqZone > 0 ? String(mine.cqZone) : NOT_LOGGED;
    case 'itu-zone':
      return mine.ituZone > 0 ? String(mine.ituZone) : NOT_LOGGED;
    case 'serial':
      return String(ordinal);
    default:
      return NOT_LOGGED;
  }
}

/** Only a contest RST may be assumed for what was received; anything else not logged stays unknown. */
const receivedDefault = (field: ExchangeField, qso: ContestLogQso): string => (field.kind === 'rst' ? contestRst(qso) : NOT_LOGGED);

/** Each field's column: the logged value, else `otherwise`'s. */
function columns(fields: readonly ExchangeField[], logged: Readonly<Record<string, string>>, otherwise: (field: ExchangeField) => string): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.id, column(logged[field.id]) || otherwise(field)]));
}

/** The log as the sponsor's Cabrillo file (written by writeCabrillo). */
export function contestCabrillo(log: ContestLogAnswer, rules: ContestRules, createdBy: string): CabrilloLog {
  const mine = contestLocationOf(log.station.call);
  const sentFields = exchangeFieldsFor(rules, mine);
  const qsos = log.qsos.map((qso, index) => {
    const receivedFields = exchangeFieldsFor(rules, contestLocationOf(qso.call));
    const entry = {
      id: qso.qdo_id,
      at: Date.parse(qso.ts),
      band: qso.band,
      mode: qso.mode,
      ...(qso.freq_khz === null ? {} : { freqKhz: qso.freq_khz }),
      call: qso.call,
      sent: columns(sentFields, qso.sent, (field) => sentDefault(field, qso, index + 1, mine)),
      received: columns(receivedFields, qso.received, (field) => receivedDefault(field, qso)),
    };
    return entryToCabrilloQso(entry, log.station.call, sentFields, receivedFields);
  });
  return {
    ...emptyCabrilloLog(),
    version: '3.0',
    callsign: log.station.call,
    contest: rules.cabrilloName,
    category: { ...log.station.category, station: '', time: '' },
    claimedScore: log.score.score,
    operators: [log.station.call],
    createdBy,
    qsos,
  };
}
