import { Router, type RequestHandler } from 'express';
import {
  ADIF_IMPORT_ANSWER_WAIT_MS,
  ADIF_IMPORT_INLINE_MAX_BYTES,
  ADIF_UPLOADS_AT_ONCE,
  ADIF_UPLOADS_PER_USER,
  adifImportStatusOf,
  QSO_IMPORT_MAX_LISTED_FAILURES,
  qsoImportDecider,
  qsoImportStreamName,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { releaseUploadSlot, takeUploadSlot, UploadSlots } from '@hamlog/infra/http/upload-slots';
import type { CommandDeps } from '../deps';
import { aggregateStream, handleCommand } from '../handling/handle-command';
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
 * (ADIF_IMPORT_INLINE_MAX_BYTES) is imported from its stored file while the upload waits. A bigger
 * one is imported by a background job (decided in a worker thread, yielding to other users'
 * writes), which the upload waits for a few seconds (ADIF_IMPORT_ANSWER_WAIT_MS). Either way the
 * answer is the import's report, as GET /vimportadif/{id} answers it: 200 once it is over (done),
 * 202 while it runs (poll that). Without a job queue every file is imported inline.
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
  const warm: RequestHandler = (_req, _res, next) => {
    deps.adifImports?.warm();
    next();
  };
  router.post(ADIF_IMPORT_PATH, authenticate(deps.sessions, true), uploadSlot, warm, adifUpload(deps.files), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const { importId, storageName, fileName, bytes } = storedAdifUpload(res);
    releaseUploadSlot(res);
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
        const over = deps.adifImports.finished(importId, deps.adifImportAnswerWaitMs ?? ADIF_IMPORT_ANSWER_WAIT_MS);
        await deps.adifImports.run(importId);
        // The report when the import is over soon (no poll to wait for), else how far it is.
        const report = await over;
        if (report) return answerWithPosition(res, report.lastAppend ?? handled.appended, adifImportStatusOf(report.progress));
        const progress = (await aggregateStream(deps.store, qsoImportStreamName(importId), qsoImportDecider)).state!;
        await answerWithPosition(res, handled.appended, adifImportStatusOf(progress), progress.status === 'running' ? 202 : 200);
        return;
      }

      const file = await deps.files.open(storageName);
      if (!file) throw new Error(`the uploaded file ${storageName} is not in the file storage`);
      const chunks = file.stream();
      const report = await importQsoRecords({ store: deps.store, now, findConfirmed: confirmedQsoFinder(deps) }, { ...started, stationCallsign, metadata, batches: adifBatches(chunks), keptFailures: QSO_IMPORT_MAX_LISTED_FAILURES }).finally(() => chunks.destroy());
      await answerWithPosition(res, report.lastAppend, adifImportStatusOf(report.progress));
    } finally {
      if (!handedOver) await deps.files.delete(storageName);
    }
  }));
  router.use(ADIF_IMPORT_PATH, adifImportErrors);
  return router;
}
