import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isSafeFileName, UnsafeFileNameError, type ByteRange, type FileStorage, type OpenedFile, type StoredFile } from '../ports/file-storage';
import { contentTypeForFileName } from './content-types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in one folder (DATA_DIR/files by default; a shared volume in the production shape). */
export class LocalFileStorage implements FileStorage {
  private ready: Promise<void> | null = null;

  constructor(readonly dir: string) {}

  private path(name: string): string {
    if (!isSafeFileName(name)) throw new UnsafeFileNameError(name);
    return join(this.dir, name);
  }

  private tempPath(name: string): string {
    return join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const target = this.path(name);
    if (await this.exists(name)) return;
    this.ready ??= mkdir(this.dir, { recursive: true }).then(() => undefined);
    await this.ready;
    // Write aside, then rename: a reader never sees half a file, and two writers of the same name both end with it whole.
    const temp = this.tempPath(name);
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  async putStream(name: string, chunks: AsyncIterable<Uint8Array | string>): Promise<number> {
    const target = this.path(name);
    this.ready ??= mkdir(this.dir, { recursive: true }).then(() => undefined);
    await this.ready;
    const temp = this.tempPath(name);
    let bytes = 0;
    async function* counted() {
      for await (const chunk of chunks) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        bytes += buffer.byteLength;
        yield buffer;
      }
    }
    const out = createWriteStream(temp);
    try {
      await pipeline(counted, out);
      await rename(temp, target);
      return bytes;
    } catch (error) {
      // The stream opens its file asynchronously: a source failing first would see the file made after the removal.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true });
      throw error;
    }
  }

  pathOf(name: string): string | null {
    return isSafeFileName(name) ? join(this.dir, name) : null;
  }

  async get(name: string): Promise<StoredFile | null> {
    if (!isSafeFileName(name)) return null;
    try {
      return { bytes: await readFile(join(this.dir, name)), contentType: contentTypeForFileName(name) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(name: string): Promise<OpenedFile | null> {
    if (!isSafeFileName(name)) return null;
    let handle;
    try {
      handle = await open(join(this.dir, name), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // Size and bytes from the one open handle: a file deleted meanwhile is still read whole.
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return {
      size: info.size,
      contentType: contentTypeForFileName(name),
      stream: (range?: ByteRange) => handle.createReadStream({ ...(range ?? {}), autoClose: true }),
      close: () => handle.close(),
    };
  }

  async exists(name: string): Promise<boolean> {
    if (!isSafeFileName(name)) return false;
    try {
      return (await stat(join(this.dir, name))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }
}
