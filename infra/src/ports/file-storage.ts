import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (recordings, SSTV images, photos). Names are chosen by the caller,
 * normally from the content's hash (see files/content-name.ts), so storing a file again is a
 * no-op and a retried upload never makes a second copy. Files are served at /media/{name}.
 */
export interface StoredFile {
  bytes: Buffer;
  /** From the name's extension (files/content-types.ts). */
  contentType: string;
}

/** Bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file opened for reading: its size is known, and its bytes are streamed, never held whole. */
export interface OpenedFile {
  size: number;
  contentType: string;
  /** The bytes (the range only, when given); the file is closed when the stream ends or is destroyed. */
  stream(range?: ByteRange): Readable;
  /** For a file that is not streamed after all (304, 416, HEAD). */
  close(): Promise<void>;
}

export interface FileStorage {
  /** Stores the bytes under `name`; a name that already exists is left as it is. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores what `chunks` yields under `name`, each chunk written before the next is asked for (flat
   * memory for files of any size), aside first and moved into place once whole: the name holds
   * either a whole file or nothing. A file already there is replaced. Answers the bytes written;
   * if `chunks` throws, nothing is stored and the error is passed on.
   */
  putStream(name: string, chunks: AsyncIterable<Uint8Array | string>): Promise<number>;
  /** The file, or null when there is none by that name (or the name is not a safe one). */
  get(name: string): Promise<StoredFile | null>;
  /** The file for streaming, or null as for get(). */
  open(name: string): Promise<OpenedFile | null>;
  exists(name: string): Promise<boolean>;
  /** Where the file is on this machine's disk, for a reader in another thread; absent when the storage is not a folder here. */
  pathOf?(name: string): string | null;
  /** Removes the file; removing a missing file is not an error. */
  delete(name: string): Promise<void>;
}

/** A file name every adapter accepts: lower-case letters, digits, '-', '_' and one '.ext'; no paths. */
export const SAFE_FILE_NAME = /^[a-z0-9][a-z0-9_-]{0,127}\.[a-z0-9]{1,8}$/;

export function isSafeFileName(name: string): boolean {
  return SAFE_FILE_NAME.test(name);
}

export class UnsafeFileNameError extends Error {
  constructor(readonly fileName: string) {
    super(`Not a safe file name: ${JSON.stringify(fileName)}`);
    this.name = 'UnsafeFileNameError';
  }
}
