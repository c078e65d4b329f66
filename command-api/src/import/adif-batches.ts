import { AdifStreamReader } from '@hamlog/domain';
import type { QsoRecordBatch } from './import-qso-records';

/** Bytes handed to the reader at a time: enough records for a chunk or more, little memory beyond the file's. */
const SLICE_BYTES = 1024 * 1024;

/** The records of an ADIF file's bytes, a slice at a time (the reader gives the same records for any slicing). */
export async function* adifBatches(source: Uint8Array | AsyncIterable<Uint8Array>): AsyncGenerator<QsoRecordBatch> {
  const reader = new AdifStreamReader({ minBatchBytes: SLICE_BYTES });
  let bytesRead = 0;
  const slices = source instanceof Uint8Array ? sliced(source) : source;
  for await (const slice of slices) {
    reader.push(slice);
    bytesRead += slice.length;
    const read = reader.drain();
    if (read.records.length > 0 || read.problems.length > 0) yield { ...read, bytesRead };
  }
  reader.end();
  yield { ...reader.drain(), bytesRead };
}

function* sliced(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
}
