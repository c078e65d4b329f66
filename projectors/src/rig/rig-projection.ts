import type { RigEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { rigMigrations } from '@hamlog/infra/read-models/rig/schema';
import { upsertRigState, type RigStateRow } from '@hamlog/infra/read-models/rig/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** Each user's rig as last reported, for POST /vrigcontrol/get. */
export const rigProjection: Projection<RigEvent> = {
  name: 'rig',
  canHandle: ['RigReported'],
  migrations: rigMigrations,
  tables: ['rm_rig_state'],
  async apply(client: PoolClient, events: Recorded<RigEvent>[]): Promise<void> {
    // A chatty app may have many reports in one batch: only each user's last one is written.
    const latest = new Map<string, RigStateRow>();
    for (const event of events) {
      const d = event.data;
      latest.set(d.userId, {
        userId: d.userId,
        rigName: d.rigName,
        freqHz: d.freqHz,
        mode: d.mode,
        power: d.power,
        opMode: d.opMode ?? null,
        reportedAt: d.at,
        streamRevision: event.revision,
        position: event.position,
      });
    }
    for (const row of latest.values()) await upsertRigState(client, row);
  },
};
