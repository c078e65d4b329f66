/**
 * How much a user may store: photos and QSO attachments together, counting what is already
 * stored. Enforced by the command handlers that store files (photos, recordings, SSTV images).
 */
import { DomainError } from '../errors';
import { storageQuotaReached } from '../messages';

const MB = 1024 * 1024;
export const STORAGE_QUOTA_BYTES = 500 * MB;

export class StorageQuotaError extends DomainError {
  readonly code = 'STORAGE_QUOTA';
  constructor(readonly usedBytes: number) {
    super(storageQuotaReached(STORAGE_QUOTA_BYTES / MB, Math.ceil(usedBytes / MB)));
  }
}

/** Throws when storing `addingBytes` more would take the user past the quota. */
export function checkStorageQuota(usedBytes: number, addingBytes: number): void {
  if (usedBytes + addingBytes > STORAGE_QUOTA_BYTES) throw new StorageQuotaError(usedBytes);
}
