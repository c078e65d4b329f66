/**
 * A user's photos, stream `photos-{userId}`. A photo's id comes from the user and the file's
 * content (photoIdFor), so uploading the same file again is the same photo: a retry adds nothing.
 * The default photo is the user's profile image; without one it is 'missing.JPG'.
 */
import { MISSING_PROFILE_IMAGE } from '../api-types';
import { assertNever, type Decider, type Message } from '../decider';
import { DomainError } from '../errors';
import { PHOTO_LIMIT_REACHED, PHOTO_NOT_FOUND } from '../messages';
import { sha256Hex } from '../sha256';

export const photosStreamName = (userId: string): string => `photos-${userId}`;

/** The most photos one account keeps. */
export const PHOTO_LIMIT = 100;

export type PhotoFormat = 'jpeg' | 'png' | 'gif';

export interface PhotoFile {
  photoId: string;
  /** The stored image (served at /media/{fileName}). */
  fileName: string;
  thumbnailName: string;
  format: PhotoFormat;
  bytes: number;
  width: number;
  height: number;
}

export type PhotoUploaded = Message<'PhotoUploaded', PhotoFile & { userId: string; at: string }>;
export type PhotoDeleted = Message<'PhotoDeleted', { userId: string; photoId: string; fileName: string; thumbnailName: string; at: string }>;
export type DefaultPhotoSet = Message<'DefaultPhotoSet', { userId: string; photoId: string; fileName: string; at: string }>;
/** The default photo was deleted: the profile image is 'missing.JPG' again. */
export type DefaultPhotoCleared = Message<'DefaultPhotoCleared', { userId: string; at: string }>;
export type PhotoEvent = PhotoUploaded | PhotoDeleted | DefaultPhotoSet | DefaultPhotoCleared;
export const PHOTO_EVENT_TYPES = ['PhotoUploaded', 'PhotoDeleted', 'DefaultPhotoSet', 'DefaultPhotoCleared'] as const satisfies readonly PhotoEvent['type'][];

export type UploadPhoto = Message<'UploadPhoto', PhotoFile & { userId: string; at: string }>;
export type DeletePhoto = Message<'DeletePhoto', { userId: string; photoId: string; at: string }>;
export type MakeDefaultPhoto = Message<'MakeDefaultPhoto', { userId: string; photoId: string; at: string }>;
export type PhotoCommand = UploadPhoto | DeletePhoto | MakeDefaultPhoto;

export interface PhotoState {
  /** Live photos by id, in upload order. */
  photos: ReadonlyMap<string, PhotoFile & { uploadedAt: string }>;
  /** Ids deleted and not uploaded again: deleting them again is a retry, not an error. */
  deleted: ReadonlySet<string>;
  defaultPhotoId: string | null;
}

export class PhotoNotFoundError extends DomainError {
  readonly code = 'PHOTO_NOT_FOUND';
  constructor(readonly photoId: string) {
    super(PHOTO_NOT_FOUND);
  }
}

export class PhotoLimitError extends DomainError {
  readonly code = 'PHOTO_LIMIT';
  constructor() {
    super(PHOTO_LIMIT_REACHED);
  }
}

/** 24 hex digits from the owner and the SHA-256 of the uploaded bytes: per user, so one user's delete never touches another's file. */
export function photoIdFor(userId: string, contentSha256Hex: string): string {
  return sha256Hex(`${userId}:${contentSha256Hex}`).slice(0, 24);
}

/** The user's profile image name given the photo state. */
export function profileImageName(state: PhotoState): string {
  const photo = state.defaultPhotoId ? state.photos.get(state.defaultPhotoId) : undefined;
  return photo?.fileName ?? MISSING_PROFILE_IMAGE;
}

export function initialPhotoState(): PhotoState {
  return { photos: new Map(), deleted: new Set(), defaultPhotoId: null };
}

/** A photo of this user, or PhotoNotFoundError (the same answer for another user's id as for none). */
function livePhoto(state: PhotoState, photoId: string) {
  const photo = state.photos.get(photoId);
  if (!photo) throw new PhotoNotFoundError(photoId);
  return photo;
}

export function decidePhoto(command: PhotoCommand, state: PhotoState): PhotoEvent[] {
  switch (command.type) {
    case 'UploadPhoto': {
      if (state.photos.has(command.data.photoId)) return [];
      if (state.photos.size >= PHOTO_LIMIT) throw new PhotoLimitError();
      return [{ type: 'PhotoUploaded', data: { ...command.data } }];
    }
    case 'DeletePhoto': {
      const { userId, photoId, at } = command.data;
      if (state.deleted.has(photoId)) return [];
      const photo = livePhoto(state, photoId);
      const deleted: PhotoDeleted = { type: 'PhotoDeleted', data: { userId, photoId, fileName: photo.fileName, thumbnailName: photo.thumbnailName, at } };
      return state.defaultPhotoId === photoId ? [deleted, { type: 'DefaultPhotoCleared', data: { userId, at } }] : [deleted];
    }
    case 'MakeDefaultPhoto': {
      const { userId, photoId, at } = command.data;
      const photo = livePhoto(state, photoId);
      if (state.defaultPhotoId === photoId) return [];
      return [{ type: 'DefaultPhotoSet', data: { userId, photoId, fileName: photo.fileName, at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolvePhoto(state: PhotoState, event: PhotoEvent): PhotoState {
  switch (event.type) {
    case 'PhotoUploaded': {
      const { userId: _userId, at, ...file } = event.data;
      const photos = new Map(state.photos).set(file.photoId, { ...file, uploadedAt: at });
      const deleted = new Set(state.deleted);
      deleted.delete(file.photoId);
      return { ...state, photos, deleted };
    }
    case 'PhotoDeleted': {
      const photos = new Map(state.photos);
      photos.delete(event.data.photoId);
      return { ...state, photos, deleted: new Set(state.deleted).add(event.data.photoId) };
    }
    case 'DefaultPhotoSet':
      return { ...state, defaultPhotoId: event.data.photoId };
    case 'DefaultPhotoCleared':
      return { ...state, defaultPhotoId: null };
    default:
      return assertNever(event);
  }
}

export const photoDecider: Decider<PhotoCommand, PhotoEvent, PhotoState> = {
  initialState: initialPhotoState,
  decide: decidePhoto,
  evolve: evolvePhoto,
};

/** The file extension a stored photo of each format has (post hero images too). */
export const PHOTO_EXTENSIONS: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };

/** Storage names: the photo as re-encoded in its own format, and a WebP thumbnail. */
export function photoFileNames(photoId: string, format: PhotoFormat): { fileName: string; thumbnailName: string } {
  return { fileName: `photo-${photoId}.${PHOTO_EXTENSIONS[format]}`, thumbnailName: `photo-${photoId}-thumb.webp` };
}
