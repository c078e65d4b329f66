import {
  checkStorageQuota,
  ownLiveQso,
  qsoDecider,
  qsoStreamName,
  QSO_MEDIA_RULES,
  RECORDING_MALFORMED,
  SSTV_TOO_MANY_PIXELS,
  type QsoCommand,
  type QsoMediaKind,
  type QsoState,
} from '@hamlog/domain';
import { isWellFormedAudio } from '@hamlog/infra/audio/audio-container';
import { contentHashName } from '@hamlog/infra/files/content-name';
import { HttpError } from '@hamlog/infra/http/errors';
import { NotAPhotoError, TooManyPixelsError } from '@hamlog/infra/images/photo-image';
import { processSstvImage } from '@hamlog/infra/images/sstv-image';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import { storedBytesOf } from '@hamlog/infra/read-models/storage/queries';
import type { CommandDeps } from '../deps';
import { handleCommand, aggregateStream, type Handled } from '../handling/handle-command';
import { storeFilesFor } from '../handling/store-files';

export interface StoredMedia {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * What is stored for an upload: a recording as sent once its container is walked to the end
 * (audio/), an SSTV image re-encoded from its decoded pixels (images/sstv-image.ts). Either way
 * the type comes from the content, and the name from the stored bytes' hash.
 */
async function mediaToStore(kind: QsoMediaKind, bytes: Buffer): Promise<StoredMedia> {
  const rule = QSO_MEDIA_RULES[kind];
  const sniffed = rule.sniff(bytes);
  if (!sniffed) throw new HttpError(415, rule.unsupported);
  if (kind === 'recording') {
    if (!isWellFormedAudio(sniffed, bytes)) throw new HttpError(422, RECORDING_MALFORMED);
    return { fileName: contentHashName(bytes, sniffed.extension), contentType: sniffed.contentType, bytes };
  }
  try {
    const image = await processSstvImage(bytes);
    return { fileName: contentHashName(image.image, image.extension), contentType: image.contentType, bytes: image.image };
  } catch (error) {
    if (error instanceof TooManyPixelsError) throw new HttpError(413, SSTV_TOO_MANY_PIXELS);
    if (error instanceof NotAPhotoError) throw new HttpError(415, rule.unsupported);
    throw error;
  }
}

export interface MediaAttached {
  media: StoredMedia;
  handled: Handled<unknown, QsoState | null>;
}

/**
 * Attaches a recording or SSTV image to the caller's own QSO. Refusals known before storing
 * (someone else's or a deleted QSO, too many attachments, no room left in the user's storage)
 * store nothing; a failure after storing removes what this upload stored (store-files.ts).
 */
export async function attachMedia(
  deps: CommandDeps,
  upload: { kind: QsoMediaKind; qdoId: string; userId: string; bytes: Buffer },
  metadata: EventMetadata,
): Promise<MediaAttached> {
  const { kind, qdoId, userId } = upload;
  const streamId = qsoStreamName(qdoId);
  const loaded = await aggregateStream(deps.store, streamId, qsoDecider);
  ownLiveQso(loaded.state, qdoId, userId); // before any work on the file
  const media = await mediaToStore(kind, upload.bytes);
  const attachment = { qdoId, fileName: media.fileName, contentType: media.contentType, bytes: media.bytes.length, byUserId: userId };
  const command: QsoCommand = kind === 'recording' ? { type: 'AttachRecording', data: attachment } : { type: 'AttachSstv', data: attachment };
  if (qsoDecider.decide(command, loaded.state).length > 0) checkStorageQuota(await storedBytesOf(deps.pool, userId), media.bytes.length);
  const handled = await storeFilesFor(deps.files, deps.logger, [{ name: media.fileName, bytes: media.bytes }], () =>
    handleCommand(deps.store, streamId, qsoDecider, command, metadata, { loaded }),
  );
  return { media, handled };
}
