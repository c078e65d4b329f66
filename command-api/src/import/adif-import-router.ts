import { Router } from 'express';
import {
  ADIF_IMPORT_INLINE_MAX_BYTES,
  ADIF_IMPORT_IMPORTING,
  ADIF_UPLOADS_AT_ONCE,
  ADIF_UPLOADS_PER_USER,
  adifImportStatusOf,
  QSO_IMPORT_MAX_LISTED_FAILURES,
  qsoImportDecider,
  qsoImportStreamName,
  type AdifImportAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { takeUploadSlot, UploadSlots } from '@hamlog/infra/http/upload-slots';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';
import { loadStationCallsign } from '../users/station';
import { adifBatches } from './adif-batches';
import { AdifImportRefused, adifImportErrors, adifUpload, storedAdifUpload } from './adif-upload';
import { confirmedQsoFinder } from './find-confirmed';
import { importQsoRecords } from './import-qso-records';

export const ADIF_IMPORT_PATH = '/vimportadif';

/** What a refused upload is told to wait: a big file takes a while to arrive. */
const UPLOAD_RETRY_AFTER_SECONDS = 30;

/**
 * POST /vimportadif (multipart `adif_file`, a .adi or .adif file of at most 200 MiB), streamed to
 * the file storage while it is checked (adif-upload.ts). Each user sends at most
 * ADIF_UPLOADS_PER_USER files at once (429 beyond) and the process receives at most
 * ADIF_UPLOADS_AT_ONCE (503 beyond), both refused before the body is read. A small file
 * (ADIF_IMPORT_INLINE_MAX_BYTES) is imported from its stored file while the upload waits: 200 with
 * the report. A bigger one is imported by a background job: 202 with the import's id, whose
 * progress and report GET /vimportadif/{id} answers. Without a job queue every file is imported inline.
 */
export function adifImportRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const slots = new UploadSlots({
    perCaller: deps.adifUploads?.perUser ?? ADIF_UPLOADS_PER_USER,
    total: deps.adifUploads?.total ?? ADIF_UPLOADS_AT_ONCE,
    retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS,
  });
  const uploadSlot = takeUploadSlot(slots, (status, message) => new AdifImportRefused(status, message));
  router.post(ADIF_IMPORT_PATH, authenticate(deps.sessions, true), uploadSlot, adifUpload(deps.files), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const { importId, storageName, fileName, bytes } = storedAdifUpload(res);
    // The stored file belongs to this request until a background import is recorded that reads it.
    let handedOver = false;
    try {
      const stationCallsign = await loadStationCallsign(deps.store, userId);
      const metadata = commandMetadata(res, userId, { stationUserId: userId, stationCallsign });
      const started = { importId, userId, source: 'adif' as const, fileName, bytes, at: now().toISOString() };

      if (deps.adifImports && bytes > ADIF_IMPORT_INLINE_MAX_BYTES) {
        // The file is there first: a job never finds an import whose file is not there yet.
        const handled = await handleCommand(deps.store, qsoImportStreamName(importId), qsoImportDecider, { type: 'StartQsoImport', data: started }, metadata);
        handedOver = true;
        await deps.adifImports.run(importId);
        const answer: AdifImportAnswer = { status: 'ok', message: ADIF_IMPORT_IMPORTING, import_id: importId, file_name: fileName, bytes_total: bytes, bytes_done: 0, done: false };
        await answerWithPosition(res, handled.appended, answer, 202);
        return;
      }

      const file = await deps.files.open(storageName);
      if (!file) throw new Error(`the uploaded file ${storageName} is not in the file storage`);
      const chunks = file.stream();
      const report = await importQsoRecords({ store: deps.store, now, findConfirmed: confirmedQsoFinder(deps) }, { ...started, stationCallsign, metadata, batches: adifBatches(chunks), keptFailures: QSO_IMPORT_MAX_LISTED_FAILURES }).finally(() => chunks.destroy());
      const answer: AdifImportAnswer = { ...adifImportStatusOf(report.progress), status: 'ok', done: true };
      await answerWithPosition(res, report.lastAppend, answer);
    } finally {
      if (!handedOver) await deps.files.delete(storageName);
    }
  }));
  router.use(ADIF_IMPORT_PATH, adifImportErrors);
  return router;
}
