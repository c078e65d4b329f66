import { adifRecordToQso, confirmationsIn, readAdif, type QsoDetails, type ReportedConfirmation } from '@hamlog/domain';

/** The contacts of a service's ADIF report (records that are not contacts are left out). */
export function reportedContacts(adif: string, now: Date): Omit<ReportedConfirmation, 'confirmations'>[] {
  return readAdif(adif).records.flatMap((record) => {
    const read = adifRecordToQso(record, now);
    return read.ok ? [{ call: read.fields.call, band: read.fields.band, mode: read.fields.mode, at: Date.parse(read.fields.ts), details: read.fields.details ?? {} }] : [];
  });
}

/**
 * A service's ADIF report read as confirmations. `confirm` adds what the service's answer means
 * without saying it (eQSL's inbox: every record is an eQSL received). Records that confirm nothing
 * are left out.
 */
export function reportedConfirmations(adif: string, now: Date, confirm: (details: QsoDetails) => QsoDetails = (d) => d): ReportedConfirmation[] {
  return reportedContacts(adif, now).flatMap((contact) => {
    const details = confirm(contact.details);
    const confirmations = confirmationsIn(details);
    return confirmations ? [{ ...contact, details, confirmations }] : [];
  });
}

/** Today (UTC) as ADIF writes a date. */
export const adifToday = (now: Date): string => now.toISOString().slice(0, 10).replace(/-/g, '');
