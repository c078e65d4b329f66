import { photoDecider, photosStreamName, type PhotoState } from '@hamlog/domain';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand, aggregateStream, type Handled } from '../handling/handle-command';
import { removeUnnamedFiles } from '../handling/store-files';

/**
 * Deletes one of the user's photos; deleting a photo deleted before is a retry (nothing written).
 * Its files are removed once the deletion is recorded, unless the photo was uploaded again meanwhile.
 */
export async function deletePhoto(deps: CommandDeps, userId: string, photoId: string, metadata: EventMetadata, at: string): Promise<Handled<unknown, PhotoState>> {
  const streamId = photosStreamName(userId);
  const handled = await handleCommand(deps.store, streamId, photoDecider, { type: 'DeletePhoto', data: { userId, photoId, at } }, metadata);
  for (const event of handled.events) {
    if (event.type !== 'PhotoDeleted') continue;
    const uploadedAgain = async () => (await aggregateStream(deps.store, streamId, photoDecider)).state.photos.has(photoId);
    await removeUnnamedFiles(deps.files, deps.logger, [event.data.fileName, event.data.thumbnailName], uploadedAgain);
  }
  return handled;
}
