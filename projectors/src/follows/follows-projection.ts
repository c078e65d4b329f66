import type { FollowEvent } from '@hamlog/domain';
import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { followsMigrations } from '@hamlog/infra/read-models/follows/schema';
import { addFollow, removeFollow } from '@hamlog/infra/read-models/follows/writes';
import type { Projection } from '../runtime/projection';

/** rm_follows: who each user follows (for /vsr, the feed's following filter and the profile's follow control). */
export const followsProjection: Projection = {
  name: 'follows',
  migrations: followsMigrations,
  tables: ['rm_follows'],
  async apply(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const e = { type: event.type, data: event.data } as FollowEvent;
      if (e.type === 'UserFollowed') await addFollow(client, e.data);
      else if (e.type === 'UserUnfollowed') await removeFollow(client, e.data);
    }
  },
};
