import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  ADIF_IMPORT_INLINE_MAX_BYTES,
  ADIF_IMPORT_IMPORTING,
  adifImportStatusOf,
  adifImportStorageName,
  qsoImportDecider,
  qsoImportStreamName,
  type AdifImportAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';
import { loadStationCallsign } from '../users/station';
import { adifBatches } from './adif-batches';
import { adifImportErrors, adifUpload, checkedAdifUpload } from './adif-upload';
import { importQsoRecords } from './import-qso-records';

export const ADIF_IMPORT_PATH = '/vimportadif';

/**
 * POST /vimportadif (multipart `adif_file`, a .adi or .adif file of at most 200 MiB). A small file
 * (ADIF_IMPORT_INLINE_MAX_BYTES) is imported while the upload waits: 200 with the report. A bigger
 * one is stored and imported by a background job: 202 with the import's id, whose progress and
 * report GET /vimportadif/{id} answers. Without a job queue every file is imported inline.
 */
export function adifImportRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  router.post(ADIF_IMPORT_PATH, authenticate(deps.sessions, true), adifUpload, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const { bytes, fileName } = checkedAdifUpload(req.file);
    const stationCallsign = await loadStationCallsign(deps.store, userId);
    const metadata = commandMetadata(res, userId, { stationUserId: userId, stationCallsign });
    const importId = randomUUID();
    const started = { importId, userId, source: 'adif' as const, fileName, bytes: bytes.length, at: now().toISOString() };

    if (deps.adifImports && bytes.length > ADIF_IMPORT_INLINE_MAX_BYTES) {
      // The file first: a job never finds an import whose file is not there yet.
      await deps.files.put(adifImportStorageName(importId), bytes);
      const handled = await handleCommand(deps.store, qsoImportStreamName(importId), qsoImportDecider, { type: 'StartQsoImport', data: started }, metadata);
      await deps.adifImports.run(importId);
      const answer: AdifImportAnswer = { status: 'ok', message: ADIF_IMPORT_IMPORTING, import_id: importId, file_name: fileName, bytes_total: bytes.length, bytes_done: 0, done: false };
      await answerWithPosition(res, handled.appended, answer, 202);
      return;
    }

    const report = await importQsoRecords({ store: deps.store, now }, { ...started, stationCallsign, metadata, batches: adifBatches(bytes) });
    const answer: AdifImportAnswer = { ...adifImportStatusOf(report.progress), status: 'ok', done: true };
    await answerWithPosition(res, report.lastAppend, answer);
  }));
  router.use(ADIF_IMPORT_PATH, adifImportErrors);
  return router;
}
