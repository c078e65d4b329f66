import type { ContestEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { contestsMigrations } from '@hamlog/infra/read-models/contests/schema';
import { insertContest, updateContest } from '@hamlog/infra/read-models/contests/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_contests: the organisers' contests, for GET /vcontests and POST /vscores {contest_id}. */
export const contestsProjection: Projection<ContestEvent> = {
  name: 'contests',
  canHandle: ['ContestCreated', 'ContestUpdated'],
  migrations: contestsMigrations,
  tables: ['rm_contests'],
  async apply(client: PoolClient, events: Recorded<ContestEvent>[]): Promise<void> {
    for (const e of events) {
      const { contestId: id, definition, at } = e.data;
      if (e.type === 'ContestCreated') await insertContest(client, { id, organiserUserId: e.data.organiserUserId, definition, at, position: e.position });
      else await updateContest(client, { id, definition, at, position: e.position });
    }
  },
};
