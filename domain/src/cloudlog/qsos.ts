/**
 * POST /api/qso's `string`: ADIF records, read with the ADIF reader and turned into contacts
 * with the same rules as every other way in (adifRecordToQso). A malformed or invalid record is
 * reported with its line and does not stop the others.
 */
import { adifRecordToQso, readAdif } from '../adif/index';
import type { QsoFields } from '../qso/fields';

export interface CloudlogQsos {
  /** Records read (good and bad). */
  read: number;
  qsos: { line: number; fields: QsoFields }[];
  failures: { line: number; message: string }[];
}

export function readCloudlogQsos(adif: string, now: Date): CloudlogQsos {
  const result = readAdif(adif);
  const qsos: CloudlogQsos['qsos'] = [];
  const failures: CloudlogQsos['failures'] = result.problems.map((p) => ({ line: p.line, message: p.message }));
  for (const record of result.records) {
    const qso = adifRecordToQso(record, now);
    if (qso.ok) qsos.push({ line: record.line, fields: qso.fields });
    else failures.push({ line: qso.line, message: qso.message });
  }
  failures.sort((a, b) => a.line - b.line);
  return { read: result.records.length + result.problems.length, qsos, failures };
}
