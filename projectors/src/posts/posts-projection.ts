import { assertNever, POST_EVENT_TYPES, type PostEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { postsMigrations } from '@hamlog/infra/read-models/posts/schema';
import { insertPost, updatePost } from '@hamlog/infra/read-models/posts/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_posts: the news posts and video posts. */
export const postsProjection: Projection<PostEvent> = {
  name: 'posts',
  canHandle: [...POST_EVENT_TYPES],
  migrations: postsMigrations,
  tables: ['rm_posts'],
  async apply(client: PoolClient, events: Recorded<PostEvent>[]): Promise<void> {
    for (const e of events) {
      switch (e.type) {
        case 'PostPublished':
          await insertPost(client, { ...e.data, position: e.position });
          break;
        case 'PostUpdated':
          await updatePost(client, e.data);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
