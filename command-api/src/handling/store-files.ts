import type { FileStorage } from '@hamlog/infra/ports/file-storage';
import type { Logger } from '@hamlog/infra/observability/logger';
import { inTurnOn } from './stream-queue';

export interface FileToStore {
  name: string;
  bytes: Uint8Array;
}

/**
 * Stores the files a command's events will name, then runs the command (`record`). Files go first,
 * so no reader ever finds an event whose file is missing; when the command fails, the files it
 * created are removed again, so a refused or conflicting upload leaves nothing behind. A file that
 * was already there is left: names come from the content, so it belongs to an earlier upload.
 * Writers of one name in this process take turns, so a failing upload never removes a file that a
 * concurrent upload of the same content has just recorded. (A crash between the two steps can
 * leave a file no event names; the same upload sent again uses it.)
 */
export async function storeFilesFor<T>(files: FileStorage, logger: Logger, toStore: FileToStore[], record: () => Promise<T>): Promise<T> {
  return inTurnOn(
    toStore.map((file) => `file:${file.name}`),
    async () => {
      const existed = await Promise.all(toStore.map((file) => files.exists(file.name)));
      await Promise.all(toStore.map((file) => files.put(file.name, file.bytes)));
      try {
        return await record();
      } catch (error) {
        const created = toStore.filter((_, i) => !existed[i]);
        await Promise.all(
          created.map((file) =>
            files.delete(file.name).catch((removal: unknown) => logger.warn({ err: removal, file: file.name }, 'file of a failed upload not removed')),
          ),
        );
        throw error;
      }
    },
  );
}

/**
 * Removes files that a recorded event stopped naming (a deleted photo), in the names' turns, unless
 * `stillNamed` finds them named again by then (the same photo uploaded again meanwhile).
 */
export async function removeUnnamedFiles(files: FileStorage, logger: Logger, names: string[], stillNamed: () => Promise<boolean>): Promise<void> {
  await inTurnOn(
    names.map((name) => `file:${name}`),
    async () => {
      if (await stillNamed()) return;
      await Promise.all(names.map((name) => files.delete(name))).catch((error: unknown) => logger.warn({ err: error, files: names }, 'files not removed'));
    },
  );
}
