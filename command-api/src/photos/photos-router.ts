import { Router, type Response } from 'express';
import {
  PHOTO_FILE_REQUIRED,
  PHOTO_ID_REQUIRED,
  photoDecider,
  photosStreamName,
  profileImageName,
  type Photo,
  type PhotoChangeAnswer,
  type PhotoCommand,
  type PhotoFile,
  type UploadPhotoAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { deletePhoto } from './delete-photo';
import { photoUpload, photoUploadErrors, PhotoUploadError } from './photo-upload';
import { uploadPhoto } from './upload-photo';

const apiPhoto = (file: Pick<PhotoFile, 'photoId' | 'fileName' | 'thumbnailName'>, at: string): Photo => ({
  id: file.photoId,
  profile_image_name: file.fileName,
  thumbnail_name: file.thumbnailName,
  created_at: `${at.slice(0, 19)}Z`,
});

function photoIdOf(body: Record<string, unknown>): string {
  const id = body.id;
  const text = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  if (text === '' || text.length > 64) throw new PhotoUploadError(422, PHOTO_ID_REQUIRED);
  return text;
}

/**
 * The /profile/pictures writes: upload (multipart `image`), delete, make default. Only the
 * caller's own photos: another user's photo id is not found (404), as is one that never existed.
 */
export function photosRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);

  const run = (res: Response, userId: string, command: PhotoCommand) =>
    handleCommand(deps.store, photosStreamName(userId), photoDecider, command, commandMetadata(res, userId));

  router.post('/vuploadphoto', signedIn, photoUpload, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const upload = req.file;
    if (!upload || upload.size === 0) throw new PhotoUploadError(422, PHOTO_FILE_REQUIRED);
    const { photo, handled } = await uploadPhoto(deps, userId, upload.buffer, commandMetadata(res, userId), now().toISOString());
    const answer: UploadPhotoAnswer = { status: 'ok', photo: apiPhoto(photo, photo.uploadedAt) };
    const appended = handled?.appended ?? null;
    await answerWithPosition(res, appended, answer, appended ? 201 : 200);
  }));

  /** Deleting a photo deleted before is a retry (200). */
  router.post('/vphotodelete', signedIn, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const photoId = photoIdOf(bodyObject(req));
    const handled = await deletePhoto(deps, userId, photoId, commandMetadata(res, userId), now().toISOString());
    const answer: PhotoChangeAnswer = { status: 'ok', profile_image_name: profileImageName(handled.state) };
    await answerWithPosition(res, handled.appended, answer);
  }));

  router.post('/vphotomakedefault', signedIn, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const photoId = photoIdOf(bodyObject(req));
    const handled = await run(res, userId, { type: 'MakeDefaultPhoto', data: { userId, photoId, at: now().toISOString() } });
    const answer: PhotoChangeAnswer = { status: 'ok', profile_image_name: profileImageName(handled.state) };
    await answerWithPosition(res, handled.appended, answer);
  }));

  router.use(photoUploadErrors);
  return router;
}
