import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import {
  ADIF_IMPORT_FILE_REQUIRED,
  ADIF_IMPORT_MAX_BYTES,
  ADIF_IMPORT_NO_RECORDS,
  ADIF_IMPORT_NOT_ADIF_NAME,
  ADIF_IMPORT_NOT_TEXT,
  adifImportStorageName,
  adifImportTooLarge,
  isAdifFileName,
  isCabrilloText,
  isDomainError,
} from '@hamlog/domain';
import { domainErrorAnswer } from '@hamlog/infra/http/domain-errors';
import { refuseUnstorableBody } from '@hamlog/infra/http/storable-text';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';

/**
 * An import refused before it started: answered as {status: 'error', message} with its 4xx
 * status (or 503); the client shows 'Error importing ADIF file: {message}' (adifImportFailed).
 */
export class AdifImportRefused extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'AdifImportRefused';
  }
}

/** An upload stored whole and checked: the import it starts, where its file is, the name shown, its size. */
export interface StoredAdifUpload {
  importId: string;
  storageName: string;
  fileName: string;
  bytes: number;
}

const LIMITS = { fileSize: ADIF_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 };
const tooLarge = () => new AdifImportRefused(413, adifImportTooLarge(ADIF_IMPORT_MAX_BYTES / 1024 / 1024));

/**
 * Reads the multipart field `adif_file` straight into the file storage under the new import's
 * name, checking it on the way (checkedAdif); nothing of it is held beyond the chunk in hand. A
 * refused or broken-off upload leaves no file: the storage writes aside and keeps only a whole,
 * accepted file, and one the form's text fields then refuse is removed. The upload is in
 * res.locals (storedAdifUpload); whoever answers the request removes or keeps its file.
 */
export function adifUpload(files: FileStorage) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const importId = randomUUID();
    const storageName = adifImportStorageName(importId);
    const parse = multer({
      storage: checkedAdifStorage(files, storageName),
      // Browsers send a file's name as UTF-8.
      defParamCharset: 'utf8',
      limits: LIMITS,
    }).single('adif_file');
    parse(req, res, (error?: unknown) => {
      if (error) return next(uploadFailure(error, req));
      const file = req.file;
      if (!file) return next(new AdifImportRefused(422, ADIF_IMPORT_FILE_REQUIRED));
      const upload: StoredAdifUpload = { importId, storageName, fileName: displayFileName(file.originalname), bytes: file.size };
      refuseUnstorableBody(req, res, (refused?: unknown) => {
        if (refused) return void files.delete(storageName).finally(() => next(refused));
        res.locals.adifUpload = upload;
        next();
      });
    });
  };
}

/** The upload adifUpload stored for this request. */
export function storedAdifUpload(res: Response): StoredAdifUpload {
  const upload = res.locals.adifUpload as StoredAdifUpload | undefined;
  if (!upload) throw new Error('adifUpload has not run for this request');
  return upload;
}

/** multer's storage for the one ADIF file: streamed into `files` under `name` through checkedAdif. */
function checkedAdifStorage(files: FileStorage, name: string): multer.StorageEngine {
  return {
    _handleFile(_req, file, done) {
      if (!isAdifFileName(file.originalname)) {
        file.stream.resume();
        return done(new AdifImportRefused(422, ADIF_IMPORT_NOT_ADIF_NAME));
      }
      files.putStream(name, checkedAdif(file.stream)).then((size) => done(null, { filename: name, size }), done);
    },
    _removeFile(_req, file, done) {
      files.delete(file.filename).then(() => done(null), done);
    },
  };
}

/** What a failed upload answers: its refusal, multer's limits as refusals, a broken form 400; a storage fault stays one (500). */
function uploadFailure(error: unknown, req: Request): unknown {
  if (error instanceof AdifImportRefused) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return tooLarge();
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return new AdifImportRefused(422, ADIF_IMPORT_FILE_REQUIRED);
    return new AdifImportRefused(400, `The upload could not be read: ${error.message}.`);
  }
  if ((error as NodeJS.ErrnoException).syscall && !req.destroyed) return error;
  return new AdifImportRefused(400, 'The upload could not be read.');
}

/** How much of the start of a file is looked at for binary content. */
const TEXT_PROBE_BYTES = 64 * 1024;
const LT = 0x3c;
/** '<EOR' and the '>': a tag that may be cut between two chunks starts in the last 4 bytes of the first. */
const TAG_TAIL = 4;

/** Whether the bytes hold an <EOR> tag (any case): a file without one holds no records. */
function hasEorTag(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(LT); at >= 0 && at + 4 < bytes.length; at = bytes.indexOf(LT, at + 1)) {
    if ((bytes[at + 1]! | 0x20) === 0x65 && (bytes[at + 2]! | 0x20) === 0x6f && (bytes[at + 3]! | 0x20) === 0x72 && bytes[at + 4] === 0x3e) return true;
  }
  return false;
}

/**
 * The upload's bytes as they pass on to storage, checked without holding them: it is refused (422)
 * when NUL bytes come in its first 64 KiB (an archive, an image, a UTF-16 file), when it ends
 * without an <EOR> (no record; a Cabrillo log excepted) or holds nothing, and (413) when multer cut it at the size limit.
 */
async function* checkedAdif(stream: Readable): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  let records = false;
  let tail: Buffer = Buffer.alloc(0);
  // A refusal leaves multer's stream to multer (destroying it would report an abort instead of the refusal).
  const chunks = { [Symbol.asyncIterator]: () => stream.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer> };
  for await (const chunk of chunks) {
    if (bytes < TEXT_PROBE_BYTES && chunk.subarray(0, TEXT_PROBE_BYTES - bytes).includes(0)) throw new AdifImportRefused(422, ADIF_IMPORT_NOT_TEXT);
    // A Cabrillo log has no <EOR>: its QSO lines are its records (adif-batches.ts reads them).
    if (bytes === 0 && isCabrilloText(chunk.subarray(0, 256).toString('latin1'))) records = true;
    if (!records) {
      records = hasEorTag(Buffer.concat([tail, chunk.subarray(0, TAG_TAIL)])) || hasEorTag(chunk);
      tail = chunk.length >= TAG_TAIL ? chunk.subarray(-TAG_TAIL) : Buffer.concat([tail, chunk]).subarray(-TAG_TAIL);
    }
    bytes += chunk.length;
    yield chunk;
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  if (bytes === 0) throw new AdifImportRefused(422, ADIF_IMPORT_FILE_REQUIRED);
  if (!records) throw new AdifImportRefused(422, ADIF_IMPORT_NO_RECORDS);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A file's name as shown in the report: its base name, printable characters only, 200 at most. */
export function displayFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(LONE_SURROGATE, '').replace(CONTROL, '');
  return Array.from(base).slice(0, 200).join('') || 'upload.adi';
}

/** Answers a refused import, and domain errors, in the shape the import panel reads; anything else keeps the usual shape. */
export function adifImportErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (error instanceof AdifImportRefused) {
    res.status(error.status).json({ status: 'error', message: error.message });
    return;
  }
  if (isDomainError(error)) {
    const answer = domainErrorAnswer(error);
    res.status(answer.status).json({ status: 'error', message: answer.message });
    return;
  }
  next(error);
}
