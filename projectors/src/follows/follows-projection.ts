import type { FollowEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { followsMigrations } from '@hamlog/infra/read-models/follows/schema';
import { addFollow, removeFollow } from '@hamlog/infra/read-models/follows/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_follows: who each user follows (for /vsr, the feed's following filter and the profile's follow control). */
export const followsProjection: Projection<FollowEvent> = {
  name: 'follows',
  canHandle: ['UserFollowed', 'UserUnfollowed'],
  migrations: followsMigrations,
  tables: ['rm_follows'],
  async apply(client: PoolClient, events: Recorded<FollowEvent>[]): Promise<void> {
    for (const e of events) {
      if (e.type === 'UserFollowed') await addFollow(client, e.data);
      else if (e.type === 'UserUnfollowed') await removeFollow(client, e.data);
    }
  },
};
