import {
  QRZ_KEY_MISSING,
  qrzImported,
  qrzImportWindow,
  qrzKeyRejected,
  qrzRefused,
  qrzUnreachable,
  qrzUnreadable,
  readAdif,
  userDecider,
  userStreamName,
  type AdifRecord,
  type QrzImportAnswer,
  type QrzImportWindow,
} from '@hamlog/domain';
import { randomUUID } from 'node:crypto';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { QrzLogbookError, type QrzFetchResult } from '@hamlog/infra/qrz/qrz-logbook-client';
import { HttpError } from '@hamlog/infra/http/errors';
import { aggregateStream } from '../handling/handle-command';
import { importQsoRecords, type FindConfirmedQsos } from '../import/import-qso-records';

/** Where the QSOs come from (QrzLogbookClient; tests may point it at a local fake). */
export interface QrzSource {
  fetchBetween(key: string, window: QrzImportWindow): Promise<QrzFetchResult>;
}

export interface QrzImportDeps {
  store: EventStore;
  qrz: QrzSource;
  now: () => Date;
  /** QRZ's confirmed records confirm the QSOs already in the log they match. */
  findConfirmed?: FindConfirmedQsos;
  /** The user's QRZ Logbook key from their connected services, which wins over the profile's. */
  connectedKey?: (userId: string) => Promise<string | undefined>;
}

export interface QrzImportOutcome {
  answer: QrzImportAnswer;
  /** The last QSO written, whose position the caller's next reads wait for; null when none was. */
  lastAppend: AppendResult | null;
}

function refusal(error: QrzLogbookError): string {
  switch (error.failure) {
    case 'auth':
      return qrzKeyRejected(error.reason);
    case 'refused':
      return qrzRefused(error.reason);
    case 'unreachable':
      return qrzUnreachable(error.reason);
    case 'unreadable':
      return qrzUnreadable(error.reason);
  }
}

/** A record named the way a radio amateur finds it in QRZ: call, date, time and QRZ's log id. */
function describe(record: AdifRecord): string {
  const f = record.fields;
  const parts = [f.CALL || '(no call)', f.QSO_DATE, f.TIME_ON].filter(Boolean).join(' ');
  return f.APP_QRZLOG_LOGID ? `${parts} (QRZ log id ${f.APP_QRZLOG_LOGID})` : parts;
}

/**
 * POST /vimportqrz: the QSOs of the last 2 weeks in the user's QRZ logbook (the key of their
 * connected QRZ Logbook, else their profile's QRZ Logbook API key), every page fetched before anything is written, then imported as an ADIF file
 * is (importQsoRecords: the duplicate rule skips what the log holds). Calling it again imports
 * nothing new.
 */
export async function importFromQrz(deps: QrzImportDeps, userId: string, metadata: (stationCallsign: string) => EventMetadata): Promise<QrzImportOutcome> {
  const { state: user } = await aggregateStream(deps.store, userStreamName(userId), userDecider);
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  const key = ((await deps.connectedKey?.(userId)) || user.profile.qrzApiKey).trim();
  if (key === '') return { answer: { status: 'error', error: QRZ_KEY_MISSING }, lastAppend: null };

  const window = qrzImportWindow(deps.now());
  let fetched: QrzFetchResult;
  try {
    fetched = await deps.qrz.fetchBetween(key, window);
  } catch (error) {
    if (error instanceof QrzLogbookError) return { answer: { status: 'error', error: refusal(error) }, lastAppend: null };
    throw error;
  }

  const failed: { record: string; message: string }[] = [];
  const records: AdifRecord[] = [];
  for (const page of fetched.adifPages) {
    const read = readAdif(page);
    records.push(...read.records);
    for (const problem of read.problems) failed.push({ record: `QRZ answer, line ${problem.line}`, message: problem.message });
  }
  const report = await importQsoRecords(
    { store: deps.store, now: deps.now, ...(deps.findConfirmed ? { findConfirmed: deps.findConfirmed } : {}) },
    {
      importId: randomUUID(),
      userId,
      stationCallsign: user.callsign,
      source: 'qrz',
      fileName: `QRZ logbook ${window.from} to ${window.to}`,
      bytes: 0,
      metadata: metadata(user.callsign),
      batches: [{ records }],
    },
  );
  for (const f of report.failedRecords) failed.push({ record: f.record ? describe(f.record) : `line ${f.line}`, message: f.message });
  const { imported, duplicates } = report.progress;
  return {
    answer: {
      status: 'ok',
      message: qrzImported(imported, duplicates, failed.length),
      imported,
      duplicates,
      failed,
      from: window.from,
      to: window.to,
    },
    lastAppend: report.lastAppend,
  };
}
