import { createHash } from 'node:crypto';
import {
  checkStorageQuota,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_TOO_MANY_PIXELS,
  photoDecider,
  photoFileNames,
  photoIdFor,
  photosStreamName,
  type PhotoCommand,
  type PhotoFile,
  type PhotoState,
} from '@hamlog/domain';
import { NotAPhotoError, processPhoto, TooManyPixelsError } from '@hamlog/infra/images/photo-image';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import { storedBytesOf } from '@hamlog/infra/read-models/storage/queries';
import type { CommandDeps } from '../deps';
import { handleCommand, aggregateStream, type Handled } from '../handling/handle-command';
import { storeFilesFor } from '../handling/store-files';
import { PhotoUploadError } from './photo-upload';

export type StoredPhoto = PhotoFile & { uploadedAt: string };

export interface PhotoUploaded {
  photo: StoredPhoto;
  /** null when the same file was uploaded before (nothing written). */
  handled: Handled<unknown, PhotoState> | null;
}

/** The image decoder's refusals, in the photos screen's {status: 'error', message} shape. */
function asUploadError(error: unknown): unknown {
  if (error instanceof NotAPhotoError) return new PhotoUploadError(422, PHOTO_NOT_AN_IMAGE);
  if (error instanceof TooManyPixelsError) return new PhotoUploadError(422, PHOTO_TOO_MANY_PIXELS);
  return error;
}

/**
 * Uploads a photo. Its id comes from the user and the uploaded bytes, so a resend finds the photo
 * it made instead of adding a second one. The stored files are re-encoded from the decoded image
 * (photo-image.ts), named from the id, and stored only for as long as the upload succeeds
 * (store-files.ts). The user's storage quota counts what is stored already.
 */
export async function uploadPhoto(deps: CommandDeps, userId: string, bytes: Buffer, metadata: EventMetadata, at: string): Promise<PhotoUploaded> {
  const photoId = photoIdFor(userId, createHash('sha256').update(bytes).digest('hex'));
  const streamId = photosStreamName(userId);
  const loaded = await aggregateStream(deps.store, streamId, photoDecider);
  const existing = loaded.state.photos.get(photoId);
  if (existing) return { photo: existing, handled: null };
  let processed;
  try {
    processed = await processPhoto(bytes);
  } catch (error) {
    throw asUploadError(error);
  }
  const file: PhotoFile = {
    photoId,
    ...photoFileNames(photoId, processed.format),
    format: processed.format,
    bytes: processed.image.length,
    width: processed.width,
    height: processed.height,
  };
  const command: PhotoCommand = { type: 'UploadPhoto', data: { ...file, userId, at } };
  // Refusals known now (too many photos, no room left) are answered before anything is stored.
  photoDecider.decide(command, loaded.state);
  checkStorageQuota(await storedBytesOf(deps.pool, userId), file.bytes);
  const toStore = [
    { name: file.fileName, bytes: processed.image },
    { name: file.thumbnailName, bytes: processed.thumbnail },
  ];
  const handled = await storeFilesFor(deps.files, deps.logger, toStore, () => handleCommand(deps.store, streamId, photoDecider, command, metadata, { loaded }));
  return { photo: handled.state.photos.get(photoId) ?? { ...file, uploadedAt: at }, handled };
}
