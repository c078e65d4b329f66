import { assertNever, type PhotoEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { photosMigrations } from '@hamlog/infra/read-models/photos/schema';
import { clearDefaultPhoto, deletePhoto, setDefaultPhoto, upsertPhoto } from '@hamlog/infra/read-models/photos/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_photos and rm_default_photos: each user's photos and profile image. */
export const photosProjection: Projection<PhotoEvent> = {
  name: 'photos',
  canHandle: ['PhotoUploaded', 'PhotoDeleted', 'DefaultPhotoSet', 'DefaultPhotoCleared'],
  migrations: photosMigrations,
  tables: ['rm_photos', 'rm_default_photos'],
  async apply(client: PoolClient, events: Recorded<PhotoEvent>[]): Promise<void> {
    for (const e of events) {
      switch (e.type) {
        case 'PhotoUploaded':
          await upsertPhoto(client, { ...e.data, createdAt: e.data.at, position: e.position });
          break;
        case 'PhotoDeleted':
          await deletePhoto(client, e.data.userId, e.data.photoId);
          break;
        case 'DefaultPhotoSet':
          await setDefaultPhoto(client, e.data);
          break;
        case 'DefaultPhotoCleared':
          await clearDefaultPhoto(client, e.data.userId);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
