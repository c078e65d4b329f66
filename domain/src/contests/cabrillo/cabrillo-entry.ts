/**
 * A Cabrillo QSO as the contest entry the scorer takes, and back. The exchange values map onto the
 * contest's fields by position: the fields of what the log's station sends, and of what the worked
 * station sends (they differ where the rules do, as in ARRL DX).
 */
import type { ContestEntry, ExchangeField } from '../rules/rules';
import { cabrilloFreqBand, cabrilloFreqKhz, cabrilloFreqOf } from './cabrillo-freq';
import type { CabrilloQso } from './cabrillo-log';

const LINE_ID = /^line-(\d+)$/;

/** Values by field id; a value past the fields (a log sending more than the contest asks) is left out. */
function byField(fields: readonly ExchangeField[], values: readonly string[]): Record<string, string> {
  const byId: Record<string, string> = {};
  fields.forEach((field, index) => {
    const value = values[index];
    if (value !== undefined) byId[field.id] = value;
  });
  return byId;
}

/** The QSO as an entry with the id 'line-N'. Throws for a frequency on no ADIF band (readCabrillo reads none). */
export function cabrilloQsoToEntry(qso: CabrilloQso, fieldsSent: readonly ExchangeField[], fieldsReceived: readonly ExchangeField[]): ContestEntry {
  const band = cabrilloFreqBand(qso.freq);
  if (band === null) throw new RangeError(`QSO line ${qso.line}: the frequency ${qso.freq} is on no ADIF band`);
  const freqKhz = cabrilloFreqKhz(qso.freq);
  return {
    id: `line-${qso.line}`,
    at: Date.parse(`${qso.date}T${qso.time.slice(0, 2)}:${qso.time.slice(2)}:00Z`),
    band,
    mode: qso.mode,
    ...(freqKhz === null ? {} : { freqKhz }),
    call: qso.rcvdCall,
    sent: byField(fieldsSent, qso.sent),
    received: byField(fieldsReceived, qso.received),
    ...(qso.transmitter === null ? {} : { transmitter: qso.transmitter }),
  };
}

/**
 * The entry as a QSO line of the station `sentCall`, to the minute; its line from an id
 * cabrilloQsoToEntry gave, else 0. A field the entry has no value for is '' (writeCabrillo refuses it).
 */
export function entryToCabrilloQso(entry: ContestEntry, sentCall: string, fieldsSent: readonly ExchangeField[], fieldsReceived: readonly ExchangeField[]): CabrilloQso {
  const at = new Date(entry.at).toISOString();
  return {
    line: Number(LINE_ID.exec(entry.id)?.[1] ?? 0),
    freq: cabrilloFreqOf(entry.band, entry.freqKhz),
    mode: entry.mode,
    date: at.slice(0, 10),
    time: at.slice(11, 13) + at.slice(14, 16),
    sentCall,
    sent: fieldsSent.map((field) => entry.sent[field.id] ?? ''),
    rcvdCall: entry.call,
    received: fieldsReceived.map((field) => entry.received[field.id] ?? ''),
    transmitter: entry.transmitter ?? null,
  };
}
