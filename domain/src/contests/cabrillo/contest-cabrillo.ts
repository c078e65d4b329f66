/**
 * A station's scored contest log (contest-log.ts) as the Cabrillo 3.0 file its sponsor takes: the
 * header with its category and claimed score, a QSO line per contact in the log (dupes too: the
 * sponsor's checker marks them), the exchange in the contest's order.
 */
import type { CallsignLocation } from '../../dxcc/index';
import type { ContestLogAnswer, ContestLogQso } from '../rules/api';
import type { ContestRules, ExchangeField } from '../rules/rules';
import { contestLocationOf, exchangeFieldsFor } from '../rules/station';
import { cabrilloFreqOf } from './cabrillo-freq';
import { emptyCabrilloLog, type CabrilloLog, type CabrilloQso } from './cabrillo-log';

/** What a value nobody logged is written as: Cabrillo has no empty column. */
const NOT_LOGGED = '-';

/** A logged value as one Cabrillo column: words joined ('JOHN SMITH' → 'JOHN-SMITH'), nothing → NOT_LOGGED. */
const column = (value: string | undefined): string => value?.trim().replace(/\s+/g, '-') || '';

/** The value sent for a field the contact does not hold: a contest RST, the station's own zone, the contact's serial. */
function sentDefault(field: ExchangeField, qso: ContestLogQso, ordinal: number, mine: CallsignLocation): string {
  switch (field.kind) {
    case 'rst':
      return qso.mode === 'PH' || qso.mode === 'FM' ? '59' : '599';
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
const receivedDefault = (field: ExchangeField, qso: ContestLogQso): string => (field.kind === 'rst' ? (qso.mode === 'PH' || qso.mode === 'FM' ? '59' : '599') : NOT_LOGGED);

/** The log as the sponsor's Cabrillo file (written by writeCabrillo). */
export function contestCabrillo(log: ContestLogAnswer, rules: ContestRules, createdBy: string): CabrilloLog {
  const mine = contestLocationOf(log.station.call);
  const sentFields = exchangeFieldsFor(rules, mine);
  const qsos = log.qsos.map((qso, index): CabrilloQso => {
    const receivedFields = exchangeFieldsFor(rules, contestLocationOf(qso.call));
    return {
      line: 0,
      freq: cabrilloFreqOf(qso.band, qso.freq_khz ?? undefined),
      mode: qso.mode,
      date: qso.ts.slice(0, 10),
      time: qso.ts.slice(11, 13) + qso.ts.slice(14, 16),
      sentCall: log.station.call,
      sent: sentFields.map((field) => column(qso.sent[field.id]) || sentDefault(field, qso, index + 1, mine)),
      rcvdCall: qso.call,
      received: receivedFields.map((field) => column(qso.received[field.id]) || receivedDefault(field, qso)),
      transmitter: null,
    };
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
