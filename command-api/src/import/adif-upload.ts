import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import {
  ADIF_IMPORT_FILE_REQUIRED,
  ADIF_IMPORT_MAX_BYTES,
  ADIF_IMPORT_NO_RECORDS,
  ADIF_IMPORT_NOT_ADIF_NAME,
  ADIF_IMPORT_NOT_TEXT,
  adifImportTooLarge,
  isAdifFileName,
  isDomainError,
} from '@hamlog/domain';
import { domainErrorAnswer } from '@hamlog/infra/http/domain-errors';
import { refuseUnstorableBody } from '@hamlog/infra/http/storable-text';

/**
 * An import refused before it started: answered as {status: 'error', message} with its 4xx
 * status; the client shows 'Error importing ADIF file: {message}' (adifImportFailed).
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

const parse = multer({
  storage: multer.memoryStorage(),
  // Browsers send a file's name as UTF-8.
  defParamCharset: 'utf8',
  limits: { fileSize: ADIF_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
}).single('adif_file');

/** Reads the multipart field `adif_file` into memory (at most ADIF_IMPORT_MAX_BYTES: 413 beyond). */
export function adifUpload(req: Request, res: Response, next: NextFunction): void {
  parse(req, res, (error?: unknown) => {
    if (!error) return refuseUnstorableBody(req, res, next);
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new AdifImportRefused(413, adifImportTooLarge(ADIF_IMPORT_MAX_BYTES / 1024 / 1024)));
      if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return next(new AdifImportRefused(422, ADIF_IMPORT_FILE_REQUIRED));
      return next(new AdifImportRefused(400, `The upload could not be read: ${error.message}.`));
    }
    return next(new AdifImportRefused(400, 'The upload could not be read.'));
  });
}

/** How much of the start of a file is looked at for binary content. */
const TEXT_PROBE_BYTES = 64 * 1024;
const LT = 0x3c;

/** Whether the bytes hold an <EOR> tag (any case): a file without one holds no records. */
function hasEorTag(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(LT); at >= 0 && at + 4 < bytes.length; at = bytes.indexOf(LT, at + 1)) {
    if ((bytes[at + 1]! | 0x20) === 0x65 && (bytes[at + 2]! | 0x20) === 0x6f && (bytes[at + 3]! | 0x20) === 0x72 && bytes[at + 4] === 0x3e) return true;
  }
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A file's name as shown in the report: its base name, printable characters only, 200 at most. */
export function displayFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(LONE_SURROGATE, '').replace(CONTROL, '');
  return Array.from(base).slice(0, 200).join('') || 'upload.adi';
}

/**
 * The upload as ADIF text, or the reason it is refused (422): no file, not a .adi/.adif name,
 * binary content (NUL bytes near its start: an archive, an image, a UTF-16 file), or no record.
 */
export function checkedAdifUpload(file: Express.Multer.File | undefined): { bytes: Buffer; fileName: string } {
  if (!file || file.size === 0) throw new AdifImportRefused(422, ADIF_IMPORT_FILE_REQUIRED);
  if (!isAdifFileName(file.originalname)) throw new AdifImportRefused(422, ADIF_IMPORT_NOT_ADIF_NAME);
  const bytes = file.buffer;
  if (bytes.subarray(0, TEXT_PROBE_BYTES).includes(0)) throw new AdifImportRefused(422, ADIF_IMPORT_NOT_TEXT);
  if (!hasEorTag(bytes)) throw new AdifImportRefused(422, ADIF_IMPORT_NO_RECORDS);
  return { bytes, fileName: displayFileName(file.originalname) };
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
