import { AdifStreamReader, CABRILLO_MAX_BYTES, CABRILLO_TOO_BIG, cabrilloRecords, isCabrilloText } from '@hamlog/domain';
import type { QsoRecordBatch } from './import-qso-records';

/** Bytes handed to the reader at a time: enough records for a chunk or more, little memory beyond the file's. */
const SLICE_BYTES = 1024 * 1024;

/**
 * The records of an ADIF file's bytes, a slice at a time (the reader gives the same records for any
 * slicing). A Cabrillo log (it starts with START-OF-LOG:) is read whole, as its QSO lines' records.
 */
export async function* adifBatches(source: Uint8Array | AsyncIterable<Uint8Array>): AsyncGenerator<QsoRecordBatch> {
  const reader = new AdifStreamReader({ minBatchBytes: SLICE_BYTES });
  let bytesRead = 0;
  const slices = source instanceof Uint8Array ? sliced(source) : source;
  /** A Cabrillo log's slices (null: an ADIF file), known from the first slice. */
  let cabrillo: Uint8Array[] | null | undefined;
  for await (const slice of slices) {
    cabrillo ??= isCabrilloText(Buffer.from(slice.subarray(0, 256)).toString('latin1')) ? [] : null;
    bytesRead += slice.length;
    if (cabrillo) {
      if (bytesRead <= CABRILLO_MAX_BYTES) cabrillo.push(slice);
      continue;
    }
    reader.push(slice);
    const read = reader.drain();
    if (read.records.length > 0 || read.problems.length > 0) yield { ...read, bytesRead };
  }
  if (cabrillo) {
    if (bytesRead > CABRILLO_MAX_BYTES) yield { records: [], problems: [{ line: 1, message: CABRILLO_TOO_BIG }], bytesRead };
    else yield { ...cabrilloRecords(decodeText(Buffer.concat(cabrillo))), bytesRead };
    return;
  }
  reader.end();
  yield { ...reader.drain(), bytesRead };
}

/** UTF-8 where the bytes are, else Latin-1 (older loggers' Cabrillo files). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function* sliced(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
}
