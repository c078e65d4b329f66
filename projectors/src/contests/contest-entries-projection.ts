import { CONTEST_ENTRY_EVENT_TYPES, type ContestEntryEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { contestEntriesMigrations } from '@hamlog/infra/read-models/contest-entries/schema';
import { chooseContestCategory } from '@hamlog/infra/read-models/contest-entries/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_contest_entries: each station's category in a contest, for its log, the board and its filters. */
export const contestEntriesProjection: Projection<ContestEntryEvent> = {
  name: 'contest-entries',
  canHandle: CONTEST_ENTRY_EVENT_TYPES,
  migrations: contestEntriesMigrations,
  tables: ['rm_contest_entries'],
  async apply(client: PoolClient, events: Recorded<ContestEntryEvent>[]): Promise<void> {
    for (const e of events) await chooseContestCategory(client, { ...e.data, position: e.position });
  },
};
